import { build } from 'vite';

/**
 * The site's build for the bench (its own folder, so that a concurrent `vite build` of
 * dist-web/ by the e2e tests is neither clobbered nor measured half-written) and the bench page.
 */
export const SITE_DIR = '.bench/site';
export const BENCH_DIR = '.bench/page';

/** Rolldown's notes on slow plugins (printed when a build is slow, e.g. on a busy machine). */
const QUIET = { bundlerTimings: false };

/**
 * Builds what the browser measurements need: the site (`vite.config.ts`, as `vite build` does,
 * into .bench/site/) and the bench page (`vite.bench.config.ts` → .bench/page/). The CLI and
 * dist/ are compiled by the npm script before this runs.
 */
export async function buildAll(): Promise<void> {
  await build({
    configFile: 'vite.config.ts',
    logLevel: 'warn',
    build: { outDir: SITE_DIR, emptyOutDir: true, rolldownOptions: { checks: QUIET } },
    worker: { rolldownOptions: { checks: QUIET } },
  });
  await build({ configFile: 'vite.bench.config.ts', logLevel: 'warn' });
}
