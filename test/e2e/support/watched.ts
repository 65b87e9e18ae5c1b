import type { Browser, Page } from 'playwright-core';

/** The page's record of its long tasks, kept from its first script on. */
interface Tasks {
  longest: number;
}

/**
 * Opens `url` in a page of its own that records its long tasks from the first script on: the
 * page can answer a click only between tasks, so the longest one bounds how long a click waits.
 * `longest()` is the longest task so far (ms); `forget()` forgets those so far (say, of opening
 * a page with nothing heavy in it yet).
 */
export async function openWatched(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  await context.addInitScript(() => {
    const seen = { longest: 0 };
    (window as unknown as { __tasks: Tasks }).__tasks = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.longest = Math.max(seen.longest, entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  await page.locator('delta-lab .app-header').waitFor({ timeout: 60_000 });
  await page.locator('.editor-block .monaco-editor').first().waitFor({ timeout: 60_000 });
  const longest = () =>
    page.evaluate(() => (window as unknown as { __tasks: Tasks }).__tasks.longest);
  const forget = () =>
    page.evaluate(() => {
      (window as unknown as { __tasks: Tasks }).__tasks.longest = 0;
    });
  return { page, errors, longest, forget, close: () => context.close() };
}

/** How long a click on the stage takes to be answered: the click handled and a frame drawn. */
export async function clickMs(page: Page): Promise<number> {
  const started = Date.now();
  await page.locator('#stage').click({ position: { x: 4, y: 4 }, timeout: 30_000 });
  await page.evaluate(() => new Promise(requestAnimationFrame));
  return Date.now() - started;
}
