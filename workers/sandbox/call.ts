import type { Json } from '../../src/core/input/kinds.js';
import type { CallResult } from '../../src/core/oracle/classify.js';
import { clipOutput, toOutput } from '../../src/core/oracle/output.js';
import type { ErrorInfo, Role } from '../../src/core/oracle/verdict.js';
import { errorParts } from '../../src/core/text/error-text.js';
import type { UserModule } from './evaluate.js';
import { seedFor } from './random.js';

/**
 * Runs loaded user code on one input and reports what happened; never throws.
 *
 * Each function gets its own copy of the input, so a mutation cannot leak into the caller or a
 * later call (with `owned`, the caller hands over a fresh input, which `fn` may then keep). A
 * string needs no copy; an array of numbers is copied flat, anything else deeply.
 * User code's `Math.random` is a generator seeded from the input ({@link seeded}), so the same
 * input always sees the same random stream and a replay stays meaningful. When the
 * module's `valid` rejects the input (returns a falsy value), `fn` is not called and the result
 * is marked `invalid`. A throw, including a stack overflow, is reported with the line and column
 * in the user's source when the stack names it. Outputs and error messages past their bounds are
 * answered clipped (`clipOutput`, `boundedError`).
 */
export function callEntry(
  module: UserModule,
  input: Json,
  role: Role,
  owned = false,
  timed = true,
): CallResult {
  seedFor(input);
  // Untimed calls (a packed batch, timed as a whole) save two clock reads per call.
  const started = timed ? performance.now() : 0;
  try {
    const { fn, valid } = module;
    if (valid && !valid(copyOf(input))) {
      return { ok: true, value: null, invalid: true, ms: timed ? performance.now() - started : 0 };
    }
    const value = fn(owned ? input : copyOf(input));
    if (isThenable(value)) {
      value.then(undefined, () => {}); // nobody will await it: keep its rejection handled
      const message = `${role} returned a Promise: the sandbox runs synchronous functions only`;
      return {
        ok: false,
        error: { name: 'TypeError', message, role },
        ms: timed ? performance.now() - started : 0,
      };
    }
    // Inside the try: converting the value runs user getters, which may throw too. A long
    // output is answered clipped (see clipOutput).
    const output = clipOutput(toOutput(value));
    return { ok: true, value: output, ms: timed ? performance.now() - started : 0 };
  } catch (thrown) {
    return {
      ok: false,
      error: describeThrow(thrown, module, role),
      ms: timed ? performance.now() - started : 0,
    };
  }
}

/** What a thrown value says about itself, with where in the user's source it was raised. */
export function describeThrow(thrown: unknown, module: UserModule, role: Role): ErrorInfo {
  const position = module.locate?.(thrown);
  return { ...errorParts(thrown), role, ...(position ?? {}) };
}

/** A copy of an input that user code may change freely. */
function copyOf(input: Json): Json {
  if (typeof input !== 'object' || input === null) return input;
  if (Array.isArray(input) && input.every((x) => typeof x !== 'object' || x === null)) {
    return input.slice();
  }
  return structuredClone(input);
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}
