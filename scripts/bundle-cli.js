#!/usr/bin/env node
// Bundles the compiled `deltalab` command and its JavaScript sandbox process (run by `prepare`,
// after tsc has compiled them to dist/). A process that loads a few files starts in about half
// the time of one that resolves and loads the hundred modules they are made of, and every
// `deltalab` command starts such processes.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
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

// The sandbox: one script, ses and all, in a function of its own (strict, as ses requires)…
// V8 checks a code cache against its script's length only, so the old cache goes first: a build
// that fails before making the new one must not leave a cache of another script.
rmSync('dist/sandbox.script.code-cache', { force: true });
await build({
  input: 'dist/workers/node/sandbox.child.js',
  platform: 'node',
  logLevel: 'warn',
  output: {
    file: 'dist/sandbox.script.js',
    format: 'iife',
    intro: '"use strict";',
    codeSplitting: false,
  },
});
// …and the process's entry, which runs that script compiled with V8's code cache of it.
await build({
  input: 'dist/workers/node/sandbox.loader.js',
  platform: 'node',
  logLevel: 'warn',
  output: { file: 'dist/sandbox.child.cjs', format: 'cjs', codeSplitting: false },
});

// The code cache: made by a process with the sandbox's V8 flags that runs the script as a
// sandbox starts (the realm locked, the API exposed), so that what a start compiles is in it.
await makeSandboxCodeCache();

async function makeSandboxCodeCache() {
  const { SANDBOX_V8_FLAGS } = await import('../dist/workers/node/sandbox-script.js');
  const child = spawn(process.execPath, [...SANDBOX_V8_FLAGS, 'scripts/sandbox-code-cache.js'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`making the sandbox's code cache failed (exit code ${code})`);
}
