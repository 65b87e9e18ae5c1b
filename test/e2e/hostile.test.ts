import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { writeSession } from '../../src/core/session/format/writer.js';
import type { LinkState } from '../../src/ui/io/permalink.js';
import { exampleConfig, record } from '../core/session/sessions.js';
import { buggy, corrected } from '../support/lessons.js';
import {
  articleLink,
  expectText,
  fastest,
  linkFor,
  narration,
  openPage,
  setCode,
  useApp,
  waitForDone,
} from './support/app.js';
import { clickMs, openWatched as watch } from './support/watched.js';

/**
 * Links, files and code written to freeze the page that opens or runs them: each opens, and the
 * page answers a click within a second, at every step.
 */
const app = useApp();

/** One letter under 300,000 combining marks: Chromium lays it out in quadratic time. */
const MARKS = `a${'\u0301'.repeat(300_000)}`;

/** Opens `url` watched for long tasks (see `support/watched.ts`). */
const openWatched = (url: string) => watch(app.browser, url);

/** The article's link, as the app shares it. */
async function article(): Promise<LinkState> {
  const first = await openPage(app.browser, app.url);
  const state = await articleLink(first.page);
  await first.close();
  return state;
}

/** Steps through every frame of the replay shown, each step answered within a second. */
async function stepThrough(page: Page): Promise<void> {
  await page.locator('#stage').focus();
  await page.keyboard.press('Home');
  for (let step = 0; step < 12; step++) {
    const started = Date.now();
    await page.keyboard.press('ArrowRight');
    await page.evaluate(() => new Promise(requestAnimationFrame));
    expect(Date.now() - started).toBeLessThan(1000);
  }
}

describe('hostile links and files', () => {
  it('opens a link whose session holds an output of 300,000 combining marks, answering every click', async () => {
    const state = await article();
    const session = (state.session ?? '').replaceAll(
      '"actual":0',
      `"actual":${JSON.stringify(MARKS)}`,
    );
    const link = await linkFor(app.url, { ...state, session });
    expect(link.length).toBeLessThan(10_000);
    const { page, errors, longest, close } = await openWatched(link);
    expect(await clickMs(page)).toBeLessThan(1000);
    await stepThrough(page);
    // The outputs are narrated by their heads, their marks cut to three.
    await page.keyboard.press('Home');
    await expectText(narration(page), 'toContain', `actual “a${'\u0301'.repeat(3)}…”`);
    expect(await longest()).toBeLessThan(1000);
    expect(errors).toEqual([]);
    await close();
  });

  it('imports a session file holding such outputs the same way', async () => {
    const state = await article();
    const dir = mkdtempSync(join(tmpdir(), 'deltalab-hostile-'));
    const file = join(dir, 'marks.jsonl');
    writeFileSync(
      file,
      (state.session ?? '').replaceAll('"actual":0', `"actual":${JSON.stringify(MARKS)}`),
    );
    const { page, longest, forget, close } = await openWatched(app.url);
    await forget();
    await page.locator('input.import-file').setInputFiles(file);
    await expectText(page.locator('dl-banner p'), 'toContain', 'Imported marks.jsonl', 20_000);
    expect(await clickMs(page)).toBeLessThan(1000);
    await stepThrough(page);
    expect(await longest()).toBeLessThan(1000);
    await close();
  });

  it('imports an isolation whose 3,000 units all differ, and draws its end answering every click', async () => {
    // Yesterday's array all positive, today's all negative: every element an edit. Drawing the
    // end diffed the two sides in a task of seconds (an unbounded diff is quadratic).
    const pass = Array.from({ length: 3000 }, (_, i) => i + 1);
    const fail = pass.map((x) => -x);
    const base = exampleConfig('isolate-article');
    // Stopped after a trial: the end's sides are still the start's, apart in 6,000 edits.
    const budgets = { ...base.budgets, maxTrials: 1 };
    const config = { ...base, budgets, input: fail, isolate: { mode: '+-' as const, pass } };
    const { session } = record(config, (input) => {
      const a = input as number[];
      if (a.length === 0) return { outcome: 'INVALID' };
      const [expected, actual] = [corrected([...a]), buggy([...a])];
      return { outcome: expected === actual ? 'PASS' : 'FAIL', expected, actual };
    });
    const file = join(mkdtempSync(join(tmpdir(), 'deltalab-hostile-')), 'differ.jsonl');
    writeFileSync(file, writeSession(session));
    const { page, longest, forget, errors, close } = await openWatched(app.url);
    await forget();
    await page.locator('input.import-file').setInputFiles(file);
    await expectText(page.locator('dl-banner p'), 'toContain', 'Imported differ.jsonl', 60_000);
    await page.locator('#stage').focus();
    await page.keyboard.press('End');
    await page.locator('dl-sides .cell.removed').first().waitFor({ timeout: 30_000 });
    expect(await clickMs(page)).toBeLessThan(1000);
    await page.keyboard.press('Home');
    await page.keyboard.press('End');
    expect(await longest()).toBeLessThan(1000);
    expect(errors).toEqual([]);
    await close();
  });

  it('opens a link whose code has a line of "function" and 150,000 spaces, answering every click', async () => {
    const state = await article();
    const candidate = `${state.workspace.candidate}\nfunction${' '.repeat(150_000)}x\n`;
    // The session was recorded from this code: its header holds the source, and the page
    // shows the reduction (and its regression test) as made from it.
    const [head, ...rest] = (state.session ?? '').split('\n');
    const header = JSON.parse(head as string);
    header.config.code.candidate = { source: candidate };
    const session = [JSON.stringify(header), ...rest].join('\n');
    const link = await linkFor(app.url, {
      ...state,
      session,
      workspace: { ...state.workspace, candidate },
    });
    expect(link.length).toBeLessThan(4000);
    const { page, errors, longest, close } = await openWatched(link);
    expect(await clickMs(page)).toBeLessThan(1000);
    await page.locator('#stage').focus();
    await page.keyboard.press('End');
    // The export panel makes the regression test from this code when the reduction is shown.
    await page.locator('dl-export-panel summary').first().click();
    await expectText(page.locator('dl-export-panel pre').first(), 'toContain', 'regression');
    expect(await clickMs(page)).toBeLessThan(1000);
    expect(await longest()).toBeLessThan(1000);
    expect(errors).toEqual([]);
    await close();
  });

  it('refuses a link whose workspace holds a letter under thousands of combining marks', async () => {
    const state = await article();
    const link = await linkFor(app.url, {
      ...state,
      workspace: { ...state.workspace, seed: MARKS.slice(0, 100_000) },
    });
    const { page, longest, close } = await openWatched(link);
    await expectText(
      page.locator('dl-banner p'),
      'toContain',
      'seed holds more than 32 combining marks on one character',
    );
    expect(await clickMs(page)).toBeLessThan(1000);
    expect(await longest()).toBeLessThan(1000);
    await close();
  });
});

describe('hostile code, run live', () => {
  it('keeps the page answering while code returns megabytes and throws megabyte messages', async () => {
    const { page, errors, longest, forget, close } = await openWatched(app.url);
    await forget();
    await setCode(
      page,
      'Candidate',
      `export function candidate(a) {
  if (a.length > 3) return 'x'.repeat(20e6);
  throw new Error('${'\u0301'.repeat(10)}'.repeat(3e6));
}`,
    );
    await fastest(page);
    await page.getByRole('button', { name: 'Run live' }).click();
    await waitForDone(page, 120_000);
    expect(await clickMs(page)).toBeLessThan(1000);
    await stepThrough(page);
    await page.keyboard.press('End');
    await expectText(page.locator('dl-history-table table'), 'toContain', '(20000002 characters)');
    expect(await longest()).toBeLessThan(1000);
    expect(errors).toEqual([]);
    await close();
  });
});
