#!/usr/bin/env node
// Bundles the compiled `deltalab` command and its JavaScript sandbox process (run by `prepare`,
// after tsc has compiled them to dist/). A process that loads a few files starts in about half
// the time of one that resolves and loads the hundred modules they are made of, and every
// `deltalab` command starts such processes.
import { rmSync } from 'node:fs';
import { build } from 'rolldown';

// Chunks are named by their content: those of an earlier build would otherwise pile up.
rmSync('dist/cli', { recursive: true, force: true });

// The command: a small entry that starts the sandboxes a run will want, and one chunk per
// command, loaded while they start (see src/cli/main.ts).
await build({
  input: 'dist/src/cli/main.js',
  platform: 'node',
  // Packages' ES module builds where they have one (sucrase's: a quarter smaller than its
  // CommonJS build, and without a wrapper per module to run).
  resolve: { mainFields: ['module', 'main'] },
  logLevel: 'warn',
  output: {
    dir: 'dist/cli',
    format: 'esm',
    entryFileNames: 'deltalab.mjs',
    chunkFileNames: '[name]-[hash].mjs',
  },
});

// The sandbox: one file, ses and all.
await build({
  input: 'dist/workers/node/sandbox.child.js',
  platform: 'node',
  logLevel: 'warn',
  output: { file: 'dist/sandbox.child.mjs', format: 'esm', codeSplitting: false },
});
