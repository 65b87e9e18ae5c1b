import { valueKey } from '../input/value.js';
import { type Input, sameInput } from '../oracle/oracle.js';
import type { Verdict } from '../oracle/verdict.js';

/**
 * A content-keyed outcome cache: a trial equal to an earlier one gets the earlier verdict
 * without another execution. Keys are hashes of the content (`valueKey`); entries keep their
 * input and are compared in full, so a hash collision can never return a wrong verdict.
 */
export class OutcomeCache {
  readonly #entries = new Map<string, { input: Input; verdict: Verdict }[]>();

  /** The verdict recorded for `input`, if any. */
  get(input: Input): Verdict | undefined {
    const bucket = this.#entries.get(valueKey(input));
    return bucket?.find((entry) => sameInput(entry.input, input))?.verdict;
  }

  /** Records the verdict of `input` (the input is kept, not copied: callers must not mutate it). */
  set(input: Input, verdict: Verdict): void {
    const key = valueKey(input);
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
