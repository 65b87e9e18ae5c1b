import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/ui/i18n/en.js';
import { zh } from '../../src/ui/i18n/zh.js';
import {
  countSandboxes,
  expectText,
  fastest,
  narration,
  openPage,
  setCode,
  settled,
  useApp,
  waitForDone,
} from './support/app.js';

const app = useApp();

const ARTICLE = readFileSync('examples/article/session.jsonl', 'utf8');
const TRIAL_2 =
  'Trial 2: split into 2 blocks and remove block A → [-4,-6,-7]. Still FAIL: accepted, continue from here.';

/** Opens a page whose sandbox workers are counted from the very first script. */
async function open(url = app.url) {
  const context = await app.browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const page = await context.newPage();
  const sandboxes = countSandboxes(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  await page.locator('delta-lab .app-header').waitFor();
  await settled(page);
  return { page, sandboxes, errors, close: () => context.close() };
}

async function importText(page: Page, name: string, text: string) {
  await page
    .locator('input.import-file')
    .setInputFiles({ name, mimeType: 'application/jsonl', buffer: Buffer.from(text) });
}

/** Every text the page shows, shadow roots included, without the code editors and inputs. */
async function pageText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts: string[] = [];
    const walk = (node: Node) => {
      // Code, exported code and JSON are data, not UI text.
      if (
        node instanceof Element &&
        (node.closest('.monaco-editor') || node.matches('textarea, pre, script, style'))
      )
        return;
      if (node.nodeType === Node.TEXT_NODE) parts.push(node.textContent ?? '');
      if (node instanceof Element) {
        for (const attribute of ['aria-label', 'title', 'placeholder']) {
          const value = node.getAttribute(attribute);
          if (value) parts.push(value);
        }
        if (node.shadowRoot) for (const child of node.shadowRoot.childNodes) walk(child);
      }
      for (const child of node.childNodes) walk(child);
    };
    walk(document.body);
    return parts.join('\n');
  });
}

describe('replay, sessions and links', () => {
  it('replays the embedded session to [-7] in 5 calls and steps back, running no code', async () => {
    const { page, sandboxes, errors, close } = await open();
    await expectText(page.locator('#stage .replay-badge'), 'toBe', 'Replay — no code is executed');
    await expectText(narration(page), 'toMatch', /^Attempt 4452 is the first input that fails/);
    await page.locator('#stage').focus();
    await page.keyboard.press('End');
    await expectText(
      narration(page),
      'toBe',
      'Done: [-7] after 5 calls. It still fails and is 1-minimal. Expected -7, actual 0.',
    );
    await page.keyboard.press('ArrowLeft');
    await expectText(narration(page), 'toMatch', /^Trial 4: .* → \[-7\]/);
    await page.getByRole('button', { name: 'Play' }).click();
    await waitForDone(page);
    expect(sandboxes()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('opens a permalink in a fresh context at the same step, replayed with no sandbox, and Run live matches', async () => {
    const first = await open();
    await first.page.locator('#stage').focus();
    for (let i = 0; i < 3; i++) await first.page.keyboard.press('ArrowRight');
    await expectText(narration(first.page), 'toBe', TRIAL_2);
    await first.page.keyboard.press('ControlOrMeta+S');
    const link = first.page.locator('dl-share-dialog input');
    await link.waitFor();
    const url = await link.inputValue();
    const dialog = await first.page.locator('dl-share-dialog dialog').textContent();
    expect(dialog).toContain('It includes the recorded session');
    expect(dialog).toContain(`${url.length} characters`);
    expect(url.length).toBeLessThanOrEqual(2000);
    expect(first.page.url()).toBe(url); // written with history.replaceState
    await first.close();

    const second = await open(url);
    await settled(second.page);
    await expectText(
      second.page.locator('dl-banner p'),
      'toBe',
      'This code came from a link. It runs only when you press Run.',
    );
    await expectText(narration(second.page), 'toBe', TRIAL_2);
    await second.page.waitForTimeout(300);
    expect(second.sandboxes()).toBe(0);
    await fastest(second.page);
    await second.page.getByRole('button', { name: 'Run live' }).click();
    await waitForDone(second.page);
    await expectText(
      second.page.locator('#stage .match'),
      'toBe',
      'The live run matches the recording, call for call (4459 oracle calls, the search included).',
    );
    expect(second.sandboxes()).toBeGreaterThan(0);
    expect(second.errors).toEqual([]);
    await second.close();
  });

  it('shows an error and the default lesson for a broken or hostile link', async () => {
    for (const hash of ['#v1.AAAA', '#v9.xyz', '#v1.%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E']) {
      const { page, errors, close } = await open(`${app.url}${hash}`);
      const banner = page.locator('dl-banner p');
      await banner.waitFor();
      await expectText(
        banner,
        'toMatch',
        /^This link cannot be opened: .*Showing the default lesson instead\.$/,
      );
      await expectText(
        page.locator('dl-lesson-text h2'),
        'toBe',
        'A random failure, reduced to one element',
      );
      await expect(page.locator('img').count()).resolves.toBe(0);
      expect(errors).toEqual([]);
      await close();
    }
  });

  it('keeps the draft open last when a broken link shows the default lesson', async () => {
    const { page, close } = await open();
    await page.getByRole('button', { name: 'Lessons' }).click();
    await page.getByRole('button', { name: /^1-minimal is not the shortest/ }).click();
    await expectText(page.locator('dl-lesson-text h2'), 'toBe', '1-minimal is not the shortest');
    await setCode(
      page,
      'Outcome predicate',
      "export function outcome(a) {\n  return a.length === 1 ? 'FAIL' : 'PASS'; // mine\n}\n",
    );
    await page.waitForTimeout(200);
    await page.goto(`${app.url}#v1.AAAA`);
    await page.locator('dl-banner p', { hasText: 'This link cannot be opened' }).waitFor();
    await expectText(
      page.locator('dl-lesson-text h2'),
      'toBe',
      'A random failure, reduced to one element',
    );
    await page.reload();
    // The edited lesson is a workspace of one's own now, begun as the trap lesson.
    await expectText(
      page.locator('dl-own-text .from'),
      'toContain',
      '1-minimal is not the shortest',
    );
    await expectText(
      page.locator('.editor-block').first().locator('.view-lines'),
      'toMatch',
      /\/\/\s+mine/,
    );
    await close();
  });

  it('names the bad line of a malformed import and keeps the current session', async () => {
    const { page, close } = await open();
    await page.locator('#stage').focus();
    await page.keyboard.press('ArrowRight');
    await expectText(narration(page), 'toMatch', /^Confirm that/);
    const before = (await narration(page).textContent()) ?? '';
    const lines = ARTICLE.split('\n');
    lines[3] = '{"seq": 4453, "type": "found", oops}';
    await importText(page, 'broken.jsonl', lines.join('\n'));
    const banner = page.locator('dl-banner p');
    await banner.filter({ hasText: 'was not imported' }).waitFor();
    await expectText(
      banner,
      'toMatch',
      /^broken\.jsonl was not imported: line 4(, column \d+)?: bad JSON/,
    );
    await expectText(narration(page), 'toBe', before);
    await close();
  });

  it('shows the divergence of a tampered session', async () => {
    const { page, close } = await open();
    // An altered trial outcome: the replayed reducer asks for a trial the recording does not have.
    await importText(
      page,
      'tampered.jsonl',
      ARTICLE.replace('"accepted":true', '"accepted":false').replace(
        '"outcome":"FAIL"},',
        '"outcome":"PASS"},',
      ),
    );
    const banner = page.locator('dl-banner p');
    await banner.filter({ hasText: 'was not imported' }).waitFor();
    await expectText(banner, 'toMatch', /replay diverged at (call|event) \d+ \(session line \d+\)/);
    // An altered output replays, but a live run points at the call that differs.
    await importText(
      page,
      'outputs.jsonl',
      ARTICLE.replace('"actual":0,"execution":1', '"actual":5,"execution":1'),
    );
    await banner.filter({ hasText: 'Imported outputs.jsonl' }).waitFor();
    await fastest(page);
    await page.getByRole('button', { name: 'Run live' }).click();
    await waitForDone(page);
    await expectText(
      page.locator('#stage .diverged'),
      'toMatch',
      /^The live run differs from the recording at oracle call 4453 \(recording line 5\)\.$/,
    );
    await close();
  });

  it('keeps an edited candidate across a reload', async () => {
    const { page, close } = await open();
    await setCode(
      page,
      'Candidate',
      'export function candidate(a) {\n  return Math.max(...a); // edited\n}\n',
    );
    await page.waitForTimeout(200);
    await page.reload();
    await page.locator('.editor-block .monaco-editor').first().waitFor();
    await expectText(
      page.locator('.editor-block').first().locator('.view-lines'),
      'toMatch',
      /\/\/\s+edited/,
    );
    await expectText(
      page.locator('dl-banner p'),
      'toBe',
      'Your draft was restored from the last visit.',
    );
    await close();
  });

  it('switches the whole page to 简体中文 and remembers it', async () => {
    const { page, close } = await open();
    await page.getByRole('button', { name: '简体中文' }).click();
    // The Chinese catalogue loads on the switch: the title changes once it has come.
    await expect.poll(() => page.title()).toBe('Delta Lab — 增量调试练习场');
    const text = await pageText(page);
    const english = Object.entries(en)
      .filter(
        ([key, value]) =>
          value !== zh[key as keyof typeof zh] && value.length > 3 && !value.includes('{'),
      )
      .map(([, value]) => value)
      .filter((value) => text.includes(value));
    expect(english).toEqual([]);
    await expectText(page.locator('dl-lesson-text h2'), 'toBe', '随机测试报错：把反例缩到一个元素');
    await expectText(narration(page), 'toMatch', /^第 4452 组是第一个失败的输入/);
    await page.reload();
    await expectText(page.locator('dl-lesson-text h2'), 'toBe', '随机测试报错：把反例缩到一个元素');
    await close();
  });
});

describe('language from the browser', () => {
  it('defaults to Chinese for a zh-CN browser', async () => {
    const { page, close } = await openPage(app.browser, app.url, { locale: 'zh-CN' });
    await expectText(page.locator('dl-lesson-text h2'), 'toBe', '随机测试报错：把反例缩到一个元素');
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('zh-CN');
    await close();
  });
});
