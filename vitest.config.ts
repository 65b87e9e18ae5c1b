import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { lessonSummary } from './scripts/lesson-summary.js';

/**
 * Two projects: `unit` (core, workers, CLI; fast, parallel) and `e2e` (real headless Chromium
 * against the built site; serial, since the machine has two cores).
 */
/** Lessons import their `input.json` without its text (see scripts/lesson-summary.ts). */
const plugins = [lessonSummary()];
/** The commands the tests run keep their transpiled code in a folder of the tests' own. */
const env = { DELTALAB_CACHE_DIR: join(tmpdir(), 'deltalab-test-cache') };

export default defineConfig({
  test: {
    projects: [
      {
        plugins,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          globalSetup: ['test/setup/compile.ts'],
          exclude: ['test/e2e/**', 'test/snapshot/**'],
          environment: 'node',
          env,
          testTimeout: 30_000,
        },
      },
      {
        plugins,
        test: {
          name: 'snapshot',
          include: ['test/snapshot/**/*.test.ts'],
          environment: 'node',
          env,
          testTimeout: 60_000,
        },
      },
      {
        plugins,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
    coverage: {
      provider: 'v8',
      include: ['src/core/**', 'workers/**'],
      reporter: ['text-summary'],
      // The replay adapter is what lets a student open a link without running anyone's code.
      thresholds: {
        'src/core/replay/**': { lines: 90, branches: 90, functions: 90, statements: 90 },
      },
    },
  },
});
