import { existsSync } from 'node:fs';
import type { Browser, BrowserContextOptions, Locator, Page, Worker } from 'playwright-core';
import { type PreviewServer, preview } from 'vite';
import { afterAll, beforeAll } from 'vitest';
import { decodeLink, encodeLink, type LinkState } from '../../../src/ui/io/permalink.js';
import { launchChromium } from '../../support/chromium.js';

/** Serves the built site (`dist-web/`, from `vite build`) on a free localhost port. */
export async function serveApp(): Promise<{ url: string; close: () => Promise<void> }> {
  if (!existsSync('dist-web/index.html')) {
    throw new Error('dist-web/ is missing: run `vite build` first (npm run test:e2e does)');
  }
  const server: PreviewServer = await preview({
    preview: { port: 0, host: '127.0.0.1', strictPort: false, open: false },
    logLevel: 'warn',
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('the preview server has no URL');
  return { url, close: () => server.close() };
}

/** A fresh page (its own context: storage, workers) that records console errors. */
export async function openPage(
  browser: Browser,
  url: string,
  options: BrowserContextOptions = {},
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  await page.goto(url);
  await page.locator('delta-lab .app-header').waitFor();
  await settled(page);
  return { page, errors, close: () => context.close() };
}

/** Waits until no run or replay is under way (the page has finished opening what it shows). */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const app = document.querySelector('delta-lab') as unknown as {
      timeline?: { running: boolean };
      runs?: { replaying: boolean };
    } | null;
    return (
      app?.timeline?.running === false &&
      app.runs?.replaying === false &&
      !['Running…', '正在运行…'].includes(
        document.querySelector('#stage .narration')?.textContent ?? '',
      )
    );
  });
}

/** Replaces the code of one editor ('Candidate', 'Reference', …) the way a user pastes it. */
export async function setCode(page: Page, title: string, code: string): Promise<void> {
  const editor = page.locator('.editor-block', {
    has: page.locator('.editor-title', { hasText: title }),
  });
  const monaco = editor.locator('.monaco-editor');
  await monaco.waitFor();
  await monaco.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  // Paste rather than type: typing would let the editor auto-close brackets.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((text) => navigator.clipboard.writeText(text), code);
  await page.keyboard.press('ControlOrMeta+V');
}

/** The narration sentence under the cells. */
export function narration(page: Page) {
  return page.locator('#stage .narration');
}

/**
 * Awaits a wait on the page; when it fails, the error also tells what the page showed then
 * (the narration and the find panel), so a failure in CI can be understood from its log.
 */
export async function explained<T>(page: Page, wait: Promise<T>): Promise<T> {
  try {
    return await wait;
  } catch (error) {
    const shown = await page
      .evaluate(() =>
        ['#stage', 'dl-find-panel'].map(
          (selector) =>
            `${selector}: ${document.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim()}`,
        ),
      )
      .catch(() => ['(the page could not be read)']);
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}\n${shown.join('\n')}`,
    );
  }
}

/** Waits for a run or replay to finish (the last frame is shown). */
export async function waitForDone(page: Page, timeout = 60_000): Promise<void> {
  await page
    .locator('#stage .narration', { hasText: /^(Done|完成|Cancelled|已取消)/ })
    .waitFor({ timeout });
}

/** Opens a lesson from the gallery by its title, its recording replayed to its end. */
export async function openLesson(page: Page, lessons: string, title: string, name: string) {
  await page.getByRole('button', { name: lessons, exact: true }).click();
  await page.locator('dl-lesson-gallery .card .title').getByText(title, { exact: true }).click();
  await page.waitForFunction((lesson) => {
    const app = document.querySelector('delta-lab');
    return (
      app?.workspaces.workspace.lesson === lesson &&
      !app.runs.replaying &&
      app.timeline.mode === 'replay' &&
      app.timeline.ended
    );
  }, name);
}

/** Runs the workspace live at the fastest speed and expects the run to match its recording. */
export async function runLiveToRecording(page: Page, en: boolean): Promise<void> {
  await fastest(page);
  await page.getByRole('button', { name: en ? 'Run live' : '现场运行' }).click();
  await waitForDone(page);
  await expectText(
    page.locator('#stage .match'),
    'toContain',
    en ? 'matches the recording' : '与录制',
  );
}

/**
 * The marks of a history's versions as the bisection shows them, one letter each: g good, b bad,
 * s skipped, u untested; upper case for a version tested itself, lower for one only implied.
 */
export async function bisectMarks(page: Page): Promise<string> {
  const letters = await page.locator('dl-version-bisect li .mark').evaluateAll((marks) =>
    marks.map((mark) => {
      const kind = ['good', 'bad', 'skip', 'untested'].find((k) => mark.classList.contains(k));
      const letter = (kind ?? '?')[0] ?? '?';
      return mark.classList.contains('tested') ? letter.toUpperCase() : letter;
    }),
  );
  return letters.join('');
}

/** Sets the player's speed to its fastest (the run jumps to its last step). */
export async function fastest(page: Page): Promise<void> {
  await page.locator('dl-player .speed input').fill('4');
}

/**
 * Whether a worker is a sandbox (code-running) worker: those start from blobs of the sandbox
 * frame, whose origin is opaque (`blob:null/…`). No other worker of the app does.
 */
export function isSandbox(worker: Worker): boolean {
  return worker.url().startsWith('blob:null/');
}

/** Counts the sandbox workers a page starts, in its frames too. */
export function countSandboxes(page: Page): () => number {
  let count = 0;
  page.on('worker', (worker) => {
    if (isSandbox(worker)) count++;
  });
  return () => count;
}

/**
 * The sandbox workers still running. Playwright keeps listing a worker that was terminated in
 * the middle of a call until it next talks to it, so each is asked: one that is gone fails at
 * within a second or two; one that is alive answers, or stays silent because it is busy running code.
 */
export async function liveSandboxes(page: Page): Promise<number> {
  const probes = page
    .workers()
    .filter(isSandbox)
    .map((worker) =>
      Promise.race([
        worker
          .evaluate(() => true)
          .then(
            () => 1,
            () => 0,
          ),
        new Promise<number>((resolve) => setTimeout(() => resolve(1), 4000)),
      ]),
    );
  return (await Promise.all(probes)).reduce((sum, alive) => sum + alive, 0);
}

/**
 * Serves the built site and launches Chromium once for a test file, closing both after it.
 * Read `app.url` and `app.browser` inside tests.
 */
export function useApp(): { readonly url: string; readonly browser: Browser } {
  let served: Awaited<ReturnType<typeof serveApp>> | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    served = await serveApp();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await served?.close();
  });
  return {
    get url() {
      if (!served) throw new Error('the app is not served yet');
      return served.url;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not launched yet');
      return browser;
    },
  };
}

/**
 * Waits until a locator's text satisfies `how` (`toBe`, `toMatch`, `toContain`) — the page
 * renders asynchronously — and fails with the last text seen after `timeout` ms.
 */
export async function expectText(
  locator: Locator,
  how: 'toBe' | 'toMatch' | 'toContain',
  expected: string | RegExp,
  timeout = 10_000,
): Promise<void> {
  const matches = (text: string) =>
    how === 'toBe'
      ? text === expected
      : how === 'toContain'
        ? text.includes(expected as string)
        : (expected as RegExp).test(text);
  const deadline = Date.now() + timeout;
  let text = '';
  for (;;) {
    text =
      (await locator
        .first()
        .textContent({ timeout: Math.max(1, deadline - Date.now()) })
        .catch(() => null)) ?? '';
    if (matches(text)) return;
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`expected the text ${JSON.stringify(text)} ${how} ${String(expected)}`);
}

/** The link the app makes for the workspace shown (Share), as its state. */
export async function articleLink(page: Page): Promise<LinkState> {
  await page.keyboard.press('ControlOrMeta+S');
  const input = page.locator('dl-share-dialog input');
  await input.waitFor();
  const url = await input.inputValue();
  return decodeLink(new URL(url).hash);
}

/** The address of the app at `url` opened with a link to `state`. */
export async function linkFor(url: string, state: LinkState): Promise<string> {
  return `${url}#${await encodeLink(state)}`;
}
