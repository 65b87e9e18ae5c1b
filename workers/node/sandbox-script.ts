import { readFileSync } from 'node:fs';
import { Script } from 'node:vm';

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

/** Where V8's code cache of a script is kept: beside it. */
export function codeCacheOf(file: string): string {
  return file.replace(/\.js$/, '.code-cache');
}

/**
 * The sandbox's script (the bundle of `sandbox.child.ts`, in one function of its own), compiled
 * with V8's code cache of it when the build left one: a process then skips parsing and
 * compiling the ~300 KB it is made of (ses, Comlink, the sandbox). A cache that is missing, or
 * that V8 rejects (another Node, other flags, another build), only costs that time back: the
 * script is then compiled from its source, as without a cache.
 */
export function compileSandboxScript(file: string): Script {
  const source = readFileSync(file, 'utf8');
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(codeCacheOf(file));
  } catch {
    // no cache beside it: compiled from the source
  }
  return new Script(source, { filename: file, cachedData });
}
