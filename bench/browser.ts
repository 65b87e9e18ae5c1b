import { existsSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type PreviewServer, preview } from 'vite';
import type { BenchApi, BenchGlobal } from './page/api.js';
import { clickRunUntilDone, type RunTiming } from './probes.js';
import { type Samples, samples } from './stats.js';

/** A static server on a free localhost port. */
export interface Served {
  url: string;
  close(): Promise<void>;
}

/** Serves a built folder with Vite's `preview()`: the site (`vite.config.ts`) or the bench page. */
export async function serve(configFile: string, outDir: string): Promise<Served> {
  if (!existsSync(`${outDir}/index.html`) && !existsSync(`${outDir}/bench/page/index.html`)) {
    throw new Error(`${outDir} is not built`);
  }
  const server: PreviewServer = await preview({
    configFile,
    build: { outDir },
    preview: { port: 0, host: '127.0.0.1', strictPort: false, open: false },
    logLevel: 'warn',
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('the preview server has no URL');
  return { url, close: () => server.close() };
}

/** A fresh context (own cache, storage and workers) in English at the e2e tests' size. */
export function freshContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'en-US' });
}

/** The bench page's API, called from Node (each call runs in the page). */
export type BenchClient = {
  [K in keyof BenchApi]: (
    ...args: Parameters<BenchApi[K]>
  ) => Promise<Awaited<ReturnType<BenchApi[K]>>>;
};

/** Opens the bench page and returns a client for its API, and a way to close it. */
export async function openBench(
  browser: Browser,
  url: string,
): Promise<{ bench: BenchClient; errors: string[]; close(): Promise<void> }> {
  const context = await freshContext(browser);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(new URL('bench/page/index.html', url).href);
  await page.waitForFunction(() => (globalThis as BenchGlobal).deltalabBench !== undefined);
  // Each function runs in the page (Playwright serialises it), so each looks the API up itself.
  const bench: BenchClient = {
    oracle: () =>
      page.evaluate(
        () =>
          (globalThis as BenchGlobal).deltalabBench?.oracle() ??
          Promise.reject(new Error('no bench API')),
      ),
    exhaustive: () =>
      page.evaluate(
        () =>
          (globalThis as BenchGlobal).deltalabBench?.exhaustive() ??
          Promise.reject(new Error('no bench API')),
      ),
    exhaustiveInThread: () =>
      page.evaluate(
        () =>
          (globalThis as BenchGlobal).deltalabBench?.exhaustiveInThread() ??
          Promise.reject(new Error('no bench API')),
      ),
    python: (runs) =>
      page.evaluate(
        (r) =>
          (globalThis as BenchGlobal).deltalabBench?.python(r) ??
          Promise.reject(new Error('no bench API')),
        runs,
      ),
    replay: (text, runs) =>
      page.evaluate(
        ([t, r]) =>
          (globalThis as BenchGlobal).deltalabBench?.replay(t, r) ??
          Promise.reject(new Error('no bench API')),
        [text, runs] as const,
      ),
    permalink: (base) =>
      page.evaluate(
        (b) =>
          (globalThis as BenchGlobal).deltalabBench?.permalink(b) ??
          Promise.reject(new Error('no bench API')),
        base,
      ),
  };
  return { bench, errors, close: () => context.close() };
}

/** The article flow timed in fresh pages after one settling pause (ms). */
export interface FlowTimings {
  /** The pause between the editors appearing and the first click. */
  settleMs: number;
  /**
   * How long the pointer rests on Run before the first click, or 0 when the click comes with no
   * pointer on it (as from the keyboard): the pointer on Run is a sign of a run, and starts the
   * sandboxes no run had needed yet.
   */
  hoverMs: number;
  /** Click on "Run live" → the "Done:" narration, first click in a fresh page. */
  cold: Samples;
  /** The same, second click (workers prepared by the first run). */
  warm: Samples;
  /** To the next animation frame after the narration. */
  coldPainted: Samples;
  warmPainted: Samples;
  /** Every run ended in the article's result, and every first click was on "Run live". */
  correct: boolean;
}

/** Section 2: the article flow in the real app. */
export interface ArticleFlowReport extends FlowTimings {
  /** The same with a click soon after the editors appear (the page still busy starting). */
  early: FlowTimings;
  /** The same as the budgeted one, the pointer resting on Run 300 ms before the first click. */
  hovered: FlowTimings;
  narration: string;
  errors: string[];
}

/** The article's result narration. */
const ARTICLE_DONE = 'Done: [-7] after 5 calls.';

/**
 * Opens the built app in `runs` fresh contexts; in each, sets the speed to fastest, waits for
 * the editors and `settleMs` more (the last `hoverMs` of it with the pointer on Run), then times
 * a first and a second Run.
 */
export async function measureFlow(
  browser: Browser,
  url: string,
  runs: number,
  settleMs: number,
  errors: string[],
  hoverMs = 0,
): Promise<FlowTimings & { narration: string }> {
  const cold: RunTiming[] = [];
  const warm: RunTiming[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await freshContext(browser);
    const page = await context.newPage();
    const seen = watchErrors(page);
    await page.goto(url);
    await page.getByRole('button', { name: 'Run live' }).waitFor();
    await page.locator('dl-player .speed input').fill('4');
    await page
      .locator('.monaco-editor')
      .first()
      .waitFor({ timeout: 15_000 })
      .catch(() => errors.push('the editors did not appear within 15 s'));
    await page.waitForTimeout(settleMs - hoverMs);
    if (hoverMs > 0) {
      await page.getByRole('button', { name: 'Run live' }).hover();
      await page.waitForTimeout(hoverMs);
    }
    cold.push(await page.evaluate(clickRunUntilDone));
    await page.waitForTimeout(500); // the reducer worker prepares fresh sandboxes after a run
    warm.push(await page.evaluate(clickRunUntilDone));
    errors.push(...seen);
    await context.close();
  }
  const all = [...cold, ...warm];
  return {
    settleMs,
    hoverMs,
    cold: samples(
      cold.map((r) => r.doneMs),
      1,
    ),
    warm: samples(
      warm.map((r) => r.doneMs),
      1,
    ),
    coldPainted: samples(
      cold.map((r) => r.paintedMs),
      1,
    ),
    warmPainted: samples(
      warm.map((r) => r.paintedMs),
      1,
    ),
    correct:
      all.every((r) => r.narration.startsWith(ARTICLE_DONE)) &&
      cold.every((r) => r.label === 'Run live'),
    narration: all[0]?.narration ?? '',
  };
}

/**
 * Section 2: a reader's pause (2 s after the editors appear) for the budgeted cold and warm
 * times, and for comparison an early click (300 ms) and a click after the pointer rested on Run
 * for the last 300 ms of the pause.
 */
export async function measureArticleFlow(
  browser: Browser,
  url: string,
  runs = 5,
): Promise<ArticleFlowReport> {
  const errors: string[] = [];
  const { narration, ...settled } = await measureFlow(browser, url, runs, 2000, errors);
  const { narration: _, ...early } = await measureFlow(browser, url, runs, 300, errors);
  const { narration: __, ...hovered } = await measureFlow(browser, url, runs, 2000, errors, 300);
  return { ...settled, early, hovered, narration, errors };
}

/** Collects the page's uncaught errors and console errors. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}
