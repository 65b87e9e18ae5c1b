#!/usr/bin/env node
// Bundles the compiled `deltalab` command and its JavaScript sandbox process (run by `prepare`,
// after tsc has compiled them to dist/). Each becomes one file at the top of dist/: a process
// that loads one file starts in about half the time of one that resolves and loads the hundred
// modules it is made of, and every `deltalab` command starts such processes.
import { build } from 'rolldown';

const BUNDLES = {
  'dist/src/cli/main.js': 'dist/deltalab.mjs',
  'dist/workers/node/sandbox.child.js': 'dist/sandbox.child.mjs',
};

for (const [input, file] of Object.entries(BUNDLES)) {
  await build({
    input,
    platform: 'node',
    logLevel: 'warn',
    output: { file, format: 'esm', codeSplitting: false },
  });
}
