#!/usr/bin/env node
// Bundles the compiled `deltalab` command and its JavaScript sandbox process (run by `prepare`,
// after tsc has compiled them to dist/), and makes V8's code cache of each bundle. A process
// that loads one file starts in about half the time of one that resolves and loads the hundred
// modules they are made of, and sooner still when it need not compile it; every `deltalab`
// command starts such processes.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { build } from 'rolldown';

rmSync('dist/cli', { recursive: true, force: true });

// The command: one CommonJS bundle (a command's modules run only when it imports them; the
// compiler, for one, only on a transpile cache miss)…
await build({
  input: 'dist/src/cli/main.js',
  platform: 'node',
  // Packages' ES module builds where they have one (sucrase's: a quarter smaller than its
  // CommonJS build, and without a wrapper per module to run).
  resolve: { mainFields: ['module', 'main'] },
  // tree-sitter is required from node_modules when a syntax reduction first needs it (see
  // workers/process/grammar-files.ts), never bundled: its WebAssembly files sit beside it there.
  external: ['web-tree-sitter'],
  logLevel: 'warn',
  output: { file: 'dist/cli/main.cjs', format: 'cjs', codeSplitting: false },
});
// …and its entry, which runs it compiled with V8's code cache of it (see src/cli/entry.ts).
await build({
  input: 'dist/src/cli/entry.js',
  platform: 'node',
  logLevel: 'warn',
  output: { file: 'dist/cli/deltalab.cjs', format: 'cjs', codeSplitting: false },
});
await makeCodeCache('cli');

// The sandbox: one script, ses and all, in a function of its own (strict, as ses requires)…
// V8 checks a code cache against its script's length only, so the old cache goes first: a build
// that fails before making the new one must not leave a cache of another script.
rmSync('dist/sandbox.script.code-cache', { force: true });
await build({
  input: 'dist/workers/process/sandbox.child.js',
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
  input: 'dist/workers/process/sandbox.loader.js',
  platform: 'node',
  logLevel: 'warn',
  output: { file: 'dist/sandbox.child.cjs', format: 'cjs', codeSplitting: false },
});

// The sandbox's code cache: made with the sandbox's V8 flags, the only ones it fits.
const { SANDBOX_V8_FLAGS } = await import('../dist/workers/process/sandbox-script.js');
await makeCodeCache('sandbox', SANDBOX_V8_FLAGS);

/** Runs scripts/code-cache.js for `which` in a process with `flags` and an IPC channel. */
async function makeCodeCache(which, flags = []) {
  const child = spawn(process.execPath, [...flags, 'scripts/code-cache.js', which], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`making the ${which} code cache failed (exit code ${code})`);
}
