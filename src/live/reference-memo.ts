import { FNV_OFFSET, fnv1a } from '../core/hash/fnv1a.js';
import type { BatchInputs, BatchResults } from '../protocol/sandbox.js';

/**
 * The reference's results of whole batches, kept from one pass over inputs for another
 * candidate's pass over the same batches (the exhaustive check's corrected version asks for the
 * batches the buggy pass asked for): the reference's answer to an input does not depend on the
 * candidate it is compared with. A batch is found by its content, at the cost of one look at
 * its numbers, never by input.
 */
export class ReferenceMemo {
  /** Batches by a hash of their content (equal hashes are told apart by the content). */
  readonly #kept = new Map<string, { inputs: BatchInputs; results: BatchResults }[]>();

  /** Keeps the reference's results of a batch. */
  keep(inputs: BatchInputs, results: BatchResults): void {
    const key = batchKey(inputs);
    const bucket = this.#kept.get(key) ?? [];
    if (bucket.some((kept) => sameBatch(kept.inputs, inputs))) return;
    bucket.push({ inputs, results });
    this.#kept.set(key, bucket);
  }

  /** The kept results of this very batch, or undefined when it was never kept. */
  lookup(inputs: BatchInputs): BatchResults | undefined {
    return this.#kept.get(batchKey(inputs))?.find((kept) => sameBatch(kept.inputs, inputs))
      ?.results;
  }
}

/** A hash of a batch's content (FNV-1a over its offsets and numbers, or its JSON). */
function batchKey(batch: BatchInputs): string {
  if ('items' in batch) return `j${JSON.stringify(batch.items)}`;
  let hash = FNV_OFFSET;
  const mix = (v: number) => {
    hash = fnv1a(hash, v | 0);
  };
  for (let i = 0; i < batch.offsets.length; i++) mix(batch.offsets[i] as number);
  for (let i = 0; i < batch.values.length; i++) mix(batch.values[i] as number);
  return `n${batch.offsets.length}:${hash >>> 0}`;
}

function sameBatch(a: BatchInputs, b: BatchInputs): boolean {
  if ('items' in a || 'items' in b) {
    return 'items' in a && 'items' in b && JSON.stringify(a.items) === JSON.stringify(b.items);
  }
  return sameNumbers(a.offsets, b.offsets) && sameNumbers(a.values, b.values);
}

function sameNumbers(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}
