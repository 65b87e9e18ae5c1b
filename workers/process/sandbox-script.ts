import type { Script } from 'node:vm';
import { compileCached } from './code-cache.js';

/**
 * The heap a JavaScript sandbox process gets: enough for any sane reduction, small enough to fail
 * fast.
 */
export const HEAP_MB = 256;

/**
 * The V8 flags of every JavaScript sandbox process. V8 takes a code cache only in a process
 * whose flags are those it was made with, so the build makes it with these (see
 * `scripts/bundle-cli.js`).
 */
export const SANDBOX_V8_FLAGS: readonly string[] = [
  `--max-old-space-size=${HEAP_MB}`,
  '--max-semi-space-size=16',
];

/**
 * The sandbox's script (the bundle of `sandbox.child.ts`, in one function of its own), compiled
 * with V8's code cache of it (see {@link compileCached}): a process then skips parsing and
 * compiling the ~300 KB it is made of (ses, Comlink, the sandbox).
 */
export function compileSandboxScript(file: string): Script {
  return compileCached(file);
}
