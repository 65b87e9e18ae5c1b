import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LESSONS } from '../../src/ui/model/lessons.js';
import { openPage, settled, useApp } from './support/app.js';

/**
 * Every lesson in presenter mode, on a 1280×720 projector and at a browser zoom of 150 % (a CSS
 * viewport of 853×480 drawn at 1.5 device pixels per CSS pixel), in both languages: the input
 * being tried, the verdict, the narration and the counters are on the screen, the block under
 * trial in sight inside the picture, and the type large enough for the back of a room.
 */
const app = useApp();

/** The least size, in device pixels, of the narration, the cells, the verdict and the counters. */
const MIN_TYPE = 24;

const SCREENS = [
  { name: '1280x720', viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 },
  { name: 'zoom150', viewport: { width: 853, height: 480 }, deviceScaleFactor: 1.5 },
] as const;

/** The lessons of the gallery (those a teacher picks), by name. */
const NAMES = LESSONS.map((lesson) => lesson.name);

/** Shows frame `index` of the timeline and waits for the block under trial to be scrolled to. */
async function show(page: Page, index: number): Promise<void> {
  await page.evaluate((at) => {
    const lab = document.querySelector('delta-lab') as unknown as {
      player: { seek(i: number): void };
    };
    lab.player.seek(at);
  }, index);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.waitForTimeout(150);
}

/** What is measured of the stage: the boxes that must be seen, and the sizes of their type. */
async function measure(page: Page) {
  return page.evaluate(() => {
    const stage = document.querySelector('#stage') as HTMLElement;
    const picture = (stage.querySelector('dl-cells, dl-sides') as HTMLElement)
      .shadowRoot as ShadowRoot;
    const box = (el: Element | null | undefined) => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height };
    };
    const size = (el: Element | null | undefined) =>
      el ? Number.parseFloat(getComputedStyle(el).fontSize) : null;
    const marked = picture.querySelector(
      '.tried, .gone, .restored, .pending, .changed, .cell.added, .cell.removed',
    );
    const frame = picture.querySelector('.picture');
    const counters = (stage.querySelector('dl-counters') as HTMLElement).shadowRoot as ShadowRoot;
    return {
      viewport: { width: innerWidth, height: innerHeight },
      narration: box(stage.querySelector('.narration')),
      narrationText: stage.querySelector('.narration')?.textContent ?? '',
      narrationSize: size(stage.querySelector('.narration')),
      trial: box(picture.querySelector('.result .trial')),
      trialSize: size(picture.querySelector('.result .trial')),
      verdict: box(picture.querySelector('.result .badge')),
      verdictSize: size(picture.querySelector('.result .badge')),
      cellSize: size(picture.querySelector('.cell, .node, .segment, .pline')),
      marked: box(marked),
      frame: box(frame),
      counters: box(counters.querySelector('dl')),
      counterSizes: [...counters.querySelectorAll('dd, dt')].map((el) => size(el) ?? 0),
    };
  });
}

type Box = { top: number; bottom: number; left: number; right: number; height: number } | null;

function onScreen(what: string, box: Box, viewport: { width: number; height: number }) {
  expect(box, what).not.toBeNull();
  if (!box) return;
  expect(box.top, `${what} top`).toBeGreaterThanOrEqual(0);
  expect(box.bottom, `${what} bottom`).toBeLessThanOrEqual(viewport.height + 0.5);
  expect(box.right, `${what} right`).toBeLessThanOrEqual(viewport.width + 0.5);
}

describe.each(SCREENS)('every lesson presented at $name', (screen) => {
  it.each([
    ['en', 'en-US'],
    ['zh', 'zh-CN'],
  ])(
    'fits the trial, its verdict, the narration and the counters in type for a room (%s)',
    async (name, locale) => {
      const { page, errors, close } = await openPage(app.browser, `${app.url}?present`, {
        locale,
        viewport: screen.viewport,
        deviceScaleFactor: screen.deviceScaleFactor,
      });
      for (const lesson of NAMES) {
        await page.goto(`${app.url}?present&lesson=${lesson}`);
        await page.locator('#stage').waitFor();
        await settled(page);
        const types: string[] = await page.evaluate(() => {
          const lab = document.querySelector('delta-lab') as unknown as {
            timeline: { timeline: { frames: { type: string }[] } };
          };
          return lab.timeline.timeline.frames.map((frame) => frame.type);
        });
        const trials = types.flatMap((type, i) => (type === 'trial' ? [i] : []));
        expect(trials.length, `${lesson} has trials`).toBeGreaterThan(0);
        for (const index of [trials[Math.floor(trials.length / 2)] as number, types.length - 1]) {
          await show(page, index);
          const seen = await measure(page);
          const where = `${lesson} (${name}, ${screen.name}) at frame ${index}: ${seen.narrationText}`;
          onScreen(`${where}: narration`, seen.narration, seen.viewport);
          onScreen(`${where}: counters`, seen.counters, seen.viewport);
          const narration = seen.narrationSize ?? 0;
          expect(narration * screen.deviceScaleFactor, where).toBeGreaterThanOrEqual(MIN_TYPE);
          for (const counter of seen.counterSizes)
            expect(counter, where).toBeGreaterThanOrEqual(narration);
          expect(seen.cellSize ?? 0, where).toBeGreaterThanOrEqual(narration - 0.5);
          if (index === types.length - 1) continue;
          // A trial: its input, its verdict, and the block it tried, in sight.
          onScreen(`${where}: trial input`, seen.trial, seen.viewport);
          onScreen(`${where}: verdict`, seen.verdict, seen.viewport);
          expect(seen.trialSize ?? 0, where).toBeGreaterThanOrEqual(narration - 0.5);
          expect(seen.verdictSize ?? 0, where).toBeGreaterThanOrEqual(narration - 0.5);
          expect(seen.trial?.right ?? 0, `${where}: the trial shown`).toBeGreaterThan(
            (seen.trial?.left ?? 0) + 20,
          );
          if (seen.marked && seen.frame) {
            expect(seen.marked.top, `${where}: the block tried in sight`).toBeLessThan(
              seen.frame.bottom - 8,
            );
            expect(seen.marked.bottom, `${where}: the block tried in sight`).toBeGreaterThan(
              seen.frame.top + 8,
            );
          }
        }
        if (
          lesson === 'settings' ||
          lesson === 'deps' ||
          lesson === 'article' ||
          lesson === 'isolate-markup' ||
          lesson === 'program-crash'
        ) {
          await show(page, trials[Math.floor(trials.length / 2)] as number);
          await page.screenshot({
            path: `test-results/screens/present-${lesson}-${screen.name}-${name}.png`,
          });
        }
      }
      expect(errors).toEqual([]);
      await close();
    },
    300_000,
  );
});
