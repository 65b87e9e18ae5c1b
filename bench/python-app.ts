import type { Browser } from 'playwright-core';
import { freshContext, watchErrors } from './browser.js';
import { clickRunUntilDone, type RunTiming } from './probes.js';
import { type Samples, samples } from './stats.js';

/** Section 16: the article's Python lesson run in the built app, its runtime's files cached. */
export interface PythonAppReport {
  /** How long the page was left before the first Run (a reader's pause; Python starts in it). */
  pauseMs: number;
  /** First Run in a page just opened: click → first result / → "Done:" (ms). */
  firstRun: { firstResult: Samples; done: Samples };
  /** A second Run in the same page, of the same code: click → first result / → "Done:" (ms). */
  secondRun: { firstResult: Samples; done: Samples };
  /** Every run ended in the article's result. */
  correct: boolean;
  errors: string[];
}

/** The lesson's result narration. */
const PYTHON_DONE = 'Done: [-7] after 5 calls.';

/**
 * Opens the article's Python lesson by its link in one browser context: once to fill the cache
 * with the runtime's files (a first visit's download), then `runs` times in a new page, each time
 * a reader's pause before a first Run and a second Run after it, both timed to their first
 * result and to "Done:".
 */
export async function measurePythonApp(
  browser: Browser,
  url: string,
  runs = 5,
  pauseMs = 2000,
): Promise<PythonAppReport> {
  const errors: string[] = [];
  const context = await freshContext(browser);
  const link = new URL('?lesson=article-python', url).href;
  const first: RunTiming[] = [];
  const second: RunTiming[] = [];
  try {
    for (let i = -1; i < runs; i++) {
      const page = await context.newPage();
      const seen = watchErrors(page);
      await page.goto(link);
      await page.getByRole('button', { name: 'Run live' }).waitFor();
      await page.locator('dl-player .speed input').fill('4');
      await page.waitForTimeout(pauseMs);
      const one = await page.evaluate(clickRunUntilDone);
      await page.waitForTimeout(500);
      const two = await page.evaluate(clickRunUntilDone);
      // The first visit downloads the runtime: it is not timed.
      if (i >= 0) {
        first.push(one);
        second.push(two);
      }
      errors.push(...seen);
      await page.close();
    }
  } finally {
    await context.close();
  }
  const timed = (list: RunTiming[]) => ({
    firstResult: samples(
      list.map((r) => r.firstResultMs),
      0,
    ),
    done: samples(
      list.map((r) => r.doneMs),
      0,
    ),
  });
  return {
    pauseMs,
    firstRun: timed(first),
    secondRun: timed(second),
    correct: [...first, ...second].every((r) => r.narration.startsWith(PYTHON_DONE)),
    errors,
  };
}

/** The table rows of section 16. */
export function pythonAppRows(report: PythonAppReport): string[][] {
  const ms = (s: Samples) => `${s.median.toLocaleString('en-US')} ms`;
  return [
    [
      'python in the app',
      `first Run, after ${report.pauseMs} ms: first result / done`,
      `${ms(report.firstRun.firstResult)} / ${ms(report.firstRun.done)}`,
    ],
    [
      '',
      'second Run: first result / done',
      `${ms(report.secondRun.firstResult)} / ${ms(report.secondRun.done)}${report.correct ? '' : ' WRONG RESULT'}`,
    ],
  ];
}
