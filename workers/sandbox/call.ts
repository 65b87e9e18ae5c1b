import { FNV_OFFSET, fnv1a } from '../../src/core/hash/fnv1a.js';
import type { CallResult } from '../../src/core/oracle/classify.js';
import { toOutput } from '../../src/core/oracle/output.js';
import type { ErrorInfo, Role } from '../../src/core/oracle/verdict.js';
import { errorParts } from '../../src/core/text/error-text.js';
import type { UserModule } from './compile.js';

/**
 * Runs loaded user code on one input and reports what happened; never throws.
 *
 * Each function gets its own copy of the input, so a mutation cannot leak into the caller or a
 * later call (with `owned`, the caller hands over a fresh array, which `fn` may then keep). For the duration of the call `Math.random` is a generator seeded from the input,
 * so the same input always sees the same random stream and a replay stays meaningful. When the
 * module's `valid` rejects the input (returns a falsy value), `fn` is not called and the result
 * is marked `invalid`. A throw, including a stack overflow, is reported with the line and column
 * in the user's source when the stack names it.
 */
export function callEntry(
  module: UserModule,
  input: readonly number[],
  role: Role,
  owned = false,
  timed = true,
): CallResult {
  currentInput = input;
  current = null;
  const random = Math.random;
  Math.random = seeded;
  // Untimed calls (a packed batch, timed as a whole) save two clock reads per call.
  const started = timed ? performance.now() : 0;
  try {
    const { fn, valid } = module;
    if (valid && !valid(Array.from(input))) {
      return { ok: true, value: null, invalid: true, ms: timed ? performance.now() - started : 0 };
    }
    const value = fn(owned ? (input as number[]) : Array.from(input));
    if (isThenable(value)) {
      value.then(undefined, () => {}); // nobody will await it: keep its rejection handled
      const message = `${role} returned a Promise: the sandbox runs synchronous functions only`;
      return {
        ok: false,
        error: { name: 'TypeError', message, role },
        ms: timed ? performance.now() - started : 0,
      };
    }
    // Inside the try: converting the value runs user getters, which may throw too.
    const output = toOutput(value);
    return { ok: true, value: output, ms: timed ? performance.now() - started : 0 };
  } catch (thrown) {
    return {
      ok: false,
      error: describeThrow(thrown, module, role),
      ms: timed ? performance.now() - started : 0,
    };
  } finally {
    Math.random = random;
  }
}

/** The input of the call running now (or of the last call), and its stream once asked for. */
let currentInput: readonly number[] = [];
let current: (() => number) | null = null;

/** `Math.random` while user code runs: the current call's stream, seeded on first use. */
const seeded = (): number => {
  current ??= seededRandom(hashInput(currentInput));
  return current();
};

/**
 * Makes `Math.random` read the current call's stream for good (a sandbox worker does this before
 * loading user code), so code that keeps a reference to `Math.random` at load time is seeded too.
 */
export function installSeededRandom(): void {
  Math.random = seeded;
}

/** What a thrown value says about itself, with where in the user's source it was raised. */
export function describeThrow(thrown: unknown, module: UserModule, role: Role): ErrorInfo {
  const position = module.locate?.(thrown);
  return { ...errorParts(thrown), role, ...(position ?? {}) };
}

/** A 32-bit FNV-1a hash of the input's length and values (both halves of large integers). */
export function hashInput(input: readonly number[]): number {
  let hash = fnv1a(FNV_OFFSET, input.length);
  for (const value of input) {
    hash = fnv1a(fnv1a(hash, value | 0), Math.floor(value / 0x100000000) | 0);
  }
  return hash >>> 0;
}

/** mulberry32: a small, fast 32-bit generator of floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 0x100000000;
  };
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}
