import type { BatchResults } from '../../workers/sandbox/protocol.js';
import type { Json } from '../core/input/kinds.js';
import { sameValue, valueKey } from '../core/input/value.js';
import type { CallResult } from '../core/oracle/classify.js';
import { decodeResults } from './batch.js';

/**
 * The reference's results by input, kept from one pass over inputs for another candidate's pass
 * over the same inputs (the exhaustive check's corrected version): the reference's answer to an
 * input does not depend on which candidate it is compared with.
 */
export class ReferenceMemo {
  /** Results by the input's content key (a hash: equal keys are told apart by the input). */
  readonly #kept = new Map<string, { input: Json; result: CallResult }[]>();

  /** Keeps the reference's result of each input of a batch (`results` in the same order). */
  keep(inputs: readonly Json[], results: BatchResults): void {
    const decoded = decodeResults(results);
    inputs.forEach((input, i) => {
      if (this.#find(input)) return;
      const key = valueKey(input);
      const result = decoded[i] as CallResult;
      this.#kept.set(key, [...(this.#kept.get(key) ?? []), { input, result }]);
    });
  }

  /** The kept result of every input, in order; undefined when one of them was never kept. */
  lookup(inputs: readonly Json[]): CallResult[] | undefined {
    const found: CallResult[] = [];
    for (const input of inputs) {
      const result = this.#find(input);
      if (!result) return undefined;
      found.push(result);
    }
    return found;
  }

  #find(input: Json): CallResult | undefined {
    return this.#kept.get(valueKey(input))?.find((kept) => sameValue(kept.input, input))?.result;
  }
}
