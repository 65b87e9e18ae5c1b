import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { freshContext, watchErrors } from './browser.js';
import { type ProbeScope, watchFirstControl } from './probes.js';
import { type Samples, samples } from './stats.js';

/** One file of the initial load, with its sizes (bytes). */
export interface InitialFile {
  file: string;
  bytes: number;
  gzip: number;
}

/** Section 6. */
export interface FirstPaintReport {
  /** The entry script and its modulepreloads (Monaco excluded), gzip each. */
  initialJs: { files: InitialFile[]; bytes: number; gzip: number; excludedMonaco: string[] };
  /**
   * Worker scripts the first paint waits for (the reducer worker replays the default lesson
   * before Run is offered): not main-thread JS, so not in the budget, but on the critical path.
   */
  startupWorkerJs: InitialFile[];
  /** Stylesheets linked from index.html (not counted in the JS budget). */
  initialCss: { bytes: number; gzip: number };
  /** Every file of the build. */
  build: { files: number; bytes: number; jsBytes: number; jsGzip: number; monacoBytes: number };
  /** Navigation start → the Run / "Run live" button present and enabled (ms). */
  firstControl: Samples;
  /** Navigation start → first contentful paint (ms). */
  firstContentfulPaint: Samples;
  /** Scripts the page fetched before its first control was usable (first run), with gzip sizes. */
  scriptsBeforeControl: InitialFile[];
  errors: string[];
}

/** Chunks that belong to the lazy editor, never to the first paint. */
const MONACO =
  /editor\.api|editor\.worker|ts\.worker|tsMode|monaco|codicon|javascript-|typescript-|contribution|register-/;

/** Sizes of the built site in `dir` (dist-web/): the initial JS from index.html, and the total. */
export function buildSizes(
  dir: string,
): Pick<FirstPaintReport, 'initialJs' | 'startupWorkerJs' | 'initialCss' | 'build'> {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map(
    (m) => m[1] as string,
  );
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map(
    (m) => m[1] as string,
  );
  const styles = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map(
    (m) => m[1] as string,
  );
  const initial = [...new Set([...scripts, ...preloads])];
  const excludedMonaco = initial.filter((f) => MONACO.test(f));
  const files = initial.filter((f) => !MONACO.test(f)).map((f) => sized(dir, f));
  const css = styles.map((f) => sized(dir, f));
  const all = walk(dir);
  const js = all.filter((f) => f.endsWith('.js'));
  return {
    initialJs: {
      files,
      bytes: sum(files.map((f) => f.bytes)),
      gzip: sum(files.map((f) => f.gzip)),
      excludedMonaco,
    },
    startupWorkerJs: all
      .filter((f) => /reducer\.worker-[^/]*\.js$/.test(f))
      .map((f) => sized(dir, f.slice(dir.length + 1))),
    initialCss: { bytes: sum(css.map((f) => f.bytes)), gzip: sum(css.map((f) => f.gzip)) },
    build: {
      files: all.length,
      bytes: sum(all.map((f) => statSync(f).size)),
      jsBytes: sum(js.map((f) => statSync(f).size)),
      jsGzip: sum(js.map((f) => gzipSync(readFileSync(f)).length)),
      monacoBytes: sum(all.filter((f) => MONACO.test(f)).map((f) => statSync(f).size)),
    },
  };
}

/**
 * Opens the site in `runs` fresh contexts and measures, in the page, navigation start → the
 * first usable control, and the first contentful paint.
 */
export async function measureFirstControl(
  browser: Browser,
  url: string,
  dir: string,
  runs = 7,
): Promise<
  Pick<
    FirstPaintReport,
    'firstControl' | 'firstContentfulPaint' | 'scriptsBeforeControl' | 'errors'
  >
> {
  const control: number[] = [];
  const fcp: number[] = [];
  const errors: string[] = [];
  let scripts: InitialFile[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await freshContext(browser);
    await context.addInitScript(watchFirstControl);
    const page = await context.newPage();
    const seen = watchErrors(page);
    await page.goto(url);
    await page.waitForFunction(
      () => (globalThis as unknown as ProbeScope).__deltalabFirstControl !== undefined,
      undefined,
      { timeout: 30_000 },
    );
    // Headless Chromium reports paint entries with their presentation time, which can come
    // after the first control: wait for the entry rather than reading it too early.
    await page
      .waitForFunction(
        () =>
          (
            globalThis as unknown as {
              performance: { getEntriesByName(name: string): unknown[] };
            }
          ).performance.getEntriesByName('first-contentful-paint').length > 0,
        undefined,
        { timeout: 5_000 },
      )
      .catch(() => errors.push('no first-contentful-paint entry within 5 s'));
    const measured = await page.evaluate(() => {
      const scope = globalThis as unknown as ProbeScope & {
        performance: {
          getEntriesByName(name: string): { startTime: number }[];
          getEntriesByType(
            type: string,
          ): { name: string; startTime: number; responseEnd: number }[];
        };
      };
      const at = scope.__deltalabFirstControl ?? Number.NaN;
      return {
        at,
        fcp:
          scope.performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        scripts: scope.performance
          .getEntriesByType('resource')
          .filter((e) => e.name.endsWith('.js') && e.responseEnd <= at)
          .map((e) => e.name),
      };
    });
    control.push(measured.at);
    fcp.push(measured.fcp);
    if (i === 0) {
      scripts = measured.scripts.map((name) => sized(dir, `./assets/${name.split('/').at(-1)}`));
    }
    errors.push(...seen);
    await context.close();
  }
  return {
    firstControl: samples(control, 1),
    firstContentfulPaint: samples(fcp, 1),
    scriptsBeforeControl: scripts,
    errors,
  };
}

function sized(dir: string, file: string): InitialFile {
  const bytes = readFileSync(join(dir, file));
  return { file: file.replace(/^\.?\//, ''), bytes: bytes.length, gzip: gzipSync(bytes).length };
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
