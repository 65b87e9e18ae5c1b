import type { RunResult } from '../../src/core/oracle/classify.js';
import type { Output } from '../../src/core/oracle/verdict.js';

/**
 * A batch of inputs in two typed arrays, so it crosses to a worker by transfer instead of being
 * cloned element by element: input `i` is `values[offsets[i]] … values[offsets[i + 1] - 1]`.
 */
export interface PackedInputs {
  values: Float64Array;
  offsets: Uint32Array;
}

/**
 * The results of a packed batch. The common case, a finite number returned in time, is kept in
 * typed arrays; every other result (another kind of value, an invalid input, a throw) is listed
 * whole in `others`, by index.
 */
export interface PackedResults {
  numbers: Float64Array;
  ms: Float64Array;
  others: [number, RunResult][];
}

/** Packs inputs (safe integers are exact in a Float64Array): a copy, unaffected by later changes. */
export function packInputs(inputs: readonly (readonly number[])[]): PackedInputs {
  const offsets = new Uint32Array(inputs.length + 1);
  let size = 0;
  for (let i = 0; i < inputs.length; i++) {
    offsets[i] = size;
    size += (inputs[i] as readonly number[]).length;
  }
  offsets[inputs.length] = size;
  const values = new Float64Array(size);
  let at = 0;
  for (const input of inputs) {
    for (let k = 0; k < input.length; k++) values[at++] = input[k] as number;
  }
  return { values, offsets };
}

/** Inputs `lo` to `hi - 1` of a packed batch as a batch of their own (the batch itself when whole). */
export function slicePacked(packed: PackedInputs, lo: number, hi: number): PackedInputs {
  if (lo === 0 && hi === packedCount(packed)) return packed;
  const base = packed.offsets[lo] ?? 0;
  const offsets = packed.offsets.slice(lo, hi + 1);
  for (let i = 0; i < offsets.length; i++) offsets[i] = (offsets[i] as number) - base;
  const end = packed.offsets[hi] ?? base;
  return { values: packed.values.slice(base, end), offsets };
}

/** The number of inputs in a packed batch. */
export function packedCount(packed: PackedInputs): number {
  return packed.offsets.length - 1;
}

/** Input `i` of a packed batch, as a fresh array. */
export function unpackInput(packed: PackedInputs, i: number): number[] {
  const lo = packed.offsets[i] ?? 0;
  const hi = packed.offsets[i + 1] ?? lo;
  const input = new Array<number>(hi - lo);
  for (let k = lo; k < hi; k++) input[k - lo] = packed.values[k] as number;
  return input;
}

/** Packs results: numbers and durations in typed arrays, the rest whole. */
export function packResults(results: readonly RunResult[]): PackedResults {
  const packed: PackedResults = {
    numbers: new Float64Array(results.length),
    ms: new Float64Array(results.length),
    others: [],
  };
  results.forEach((result, i) => {
    addResult(packed, i, result);
  });
  return packed;
}

/** Stores result `i` of a packed batch: a number in the typed arrays, anything else whole. */
export function addResult(packed: PackedResults, i: number, result: RunResult): void {
  packed.ms[i] = result.ms;
  if (result.ok && !result.invalid && typeof result.value === 'number')
    packed.numbers[i] = result.value;
  else packed.others.push([i, result]);
}

/** Packed results of consecutive batches as one (the only one as it is). */
export function concatResults(parts: readonly PackedResults[]): PackedResults {
  if (parts.length === 1) return parts[0] as PackedResults;
  const count = parts.reduce((sum, part) => sum + part.numbers.length, 0);
  const all: PackedResults = {
    numbers: new Float64Array(count),
    ms: new Float64Array(count),
    others: [],
  };
  let at = 0;
  for (const part of parts) {
    all.numbers.set(part.numbers, at);
    all.ms.set(part.ms, at);
    for (const [i, result] of part.others) all.others.push([at + i, result]);
    at += part.numbers.length;
  }
  return all;
}

/**
 * Result `i` of a packed batch. A number comes back in `scratch`, one object reused for every
 * call, so reading a batch allocates nothing per input; `others` indexes the rest by position.
 */
export function resultAt(
  packed: PackedResults,
  i: number,
  others: ReadonlyMap<number, RunResult>,
  scratch: { ok: true; value: Output; ms: number },
): RunResult {
  const other = others.get(i);
  if (other) return other;
  scratch.value = packed.numbers[i] as number;
  scratch.ms = packed.ms[i] as number;
  return scratch;
}

/** The results of a packed batch, one object per input again. */
export function unpackResults(packed: PackedResults): RunResult[] {
  const results: RunResult[] = new Array(packed.numbers.length);
  for (let i = 0; i < packed.numbers.length; i++) {
    results[i] = { ok: true, value: packed.numbers[i] as number, ms: packed.ms[i] as number };
  }
  for (const [i, result] of packed.others) results[i] = result;
  return results;
}
