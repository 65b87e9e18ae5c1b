import { FNV_OFFSET, fnv1a } from '../hash/fnv1a.js';
import { type Input, sameInput } from '../oracle/oracle.js';
import type { Verdict } from '../oracle/verdict.js';

/**
 * A content-keyed outcome cache: a trial with the same elements as an earlier one gets the
 * earlier verdict without another execution. Keys are a 64-bit hash of the elements; entries
 * keep their input and are compared in full, so a hash collision can never return a wrong
 * verdict.
 */
export class OutcomeCache {
  readonly #entries = new Map<string, { input: Input; verdict: Verdict }[]>();

  /** The verdict recorded for `input`, if any. */
  get(input: Input): Verdict | undefined {
    const bucket = this.#entries.get(keyOf(input));
    return bucket?.find((entry) => sameInput(entry.input, input))?.verdict;
  }

  /** Records the verdict of `input` (the input is kept, not copied: callers must not mutate it). */
  set(input: Input, verdict: Verdict): void {
    const key = keyOf(input);
    const bucket = this.#entries.get(key);
    if (!bucket) this.#entries.set(key, [{ input, verdict }]);
    else if (!bucket.some((entry) => sameInput(entry.input, input)))
      bucket.push({ input, verdict });
  }

  /** How many distinct inputs are cached. */
  get size(): number {
    let size = 0;
    for (const bucket of this.#entries.values()) size += bucket.length;
    return size;
  }
}

/** An FNV-1a hash and a second, differently mixed 32-bit hash, plus the length. */
function keyOf(input: Input): string {
  let a = FNV_OFFSET;
  let b = 0x9e3779b9;
  for (let i = 0; i < input.length; i++) {
    const x = input[i] ?? 0;
    const lo = x | 0;
    const hi = Math.floor(x / 4294967296) | 0;
    a = fnv1a(fnv1a(a, lo), hi);
    b = Math.imul(b ^ lo, 0x85ebca6b) ^ (b >>> 13);
    b = Math.imul(b ^ hi, 0xc2b2ae35) ^ (b >>> 16);
  }
  return `${input.length}:${(a >>> 0).toString(36)}:${(b >>> 0).toString(36)}`;
}
