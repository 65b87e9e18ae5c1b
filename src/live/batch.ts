import type { BatchInputs, BatchResults } from '../../workers/sandbox/protocol.js';
import type { Json } from '../core/input/kinds.js';
import type { CallResult } from '../core/oracle/classify.js';
import type { Output } from '../core/oracle/verdict.js';

/**
 * Encodes inputs: arrays of numbers in typed arrays (safe integers are exact in a Float64Array),
 * a copy unaffected by later changes; any other inputs as a list of them (inputs are never
 * changed once made, and each worker gets a clone).
 */
export function encodeBatch(inputs: readonly Json[]): BatchInputs {
  if (!inputs.every(isNumbers)) return { items: inputs.slice() };
  return encodeNumbers(inputs as readonly (readonly number[])[]);
}

function isNumbers(input: Json): boolean {
  if (!Array.isArray(input)) return false;
  for (let i = 0; i < input.length; i++) if (typeof input[i] !== 'number') return false;
  return true;
}

function encodeNumbers(inputs: readonly (readonly number[])[]): BatchInputs {
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

/** Inputs `lo` to `hi - 1` of a batch as a batch of their own (the batch itself when whole). */
export function sliceBatch(batch: BatchInputs, lo: number, hi: number): BatchInputs {
  if (lo === 0 && hi === batchLength(batch)) return batch;
  if ('items' in batch) return { items: batch.items.slice(lo, hi) };
  const base = batch.offsets[lo] ?? 0;
  const offsets = batch.offsets.slice(lo, hi + 1);
  for (let i = 0; i < offsets.length; i++) offsets[i] = (offsets[i] as number) - base;
  const end = batch.offsets[hi] ?? base;
  return { values: batch.values.slice(base, end), offsets };
}

/** The number of inputs in a batch. */
export function batchLength(batch: BatchInputs): number {
  return 'items' in batch ? batch.items.length : batch.offsets.length - 1;
}

/** Input `i` of a batch (an array of numbers as a fresh array). */
export function batchInput(batch: BatchInputs, i: number): Json {
  if ('items' in batch) return batch.items[i] as Json;
  const lo = batch.offsets[i] ?? 0;
  const hi = batch.offsets[i + 1] ?? lo;
  const input = new Array<number>(hi - lo);
  for (let k = lo; k < hi; k++) input[k - lo] = batch.values[k] as number;
  return input;
}

/** Encodes results: numbers and durations in typed arrays, the rest whole. */
export function encodeResults(results: readonly CallResult[]): BatchResults {
  const batch: BatchResults = {
    numbers: new Float64Array(results.length),
    ms: new Float64Array(results.length),
    others: [],
  };
  results.forEach((result, i) => {
    addResult(batch, i, result);
  });
  return batch;
}

/** Stores result `i` of a batch: a number in the typed arrays, anything else whole. */
export function addResult(batch: BatchResults, i: number, result: CallResult): void {
  batch.ms[i] = result.ms;
  if (result.ok && !result.invalid && typeof result.value === 'number')
    batch.numbers[i] = result.value;
  else batch.others.push([i, result]);
}

/** Results of consecutive batches as one (the only one as it is). */
export function concatResults(parts: readonly BatchResults[]): BatchResults {
  if (parts.length === 1) return parts[0] as BatchResults;
  const count = parts.reduce((sum, part) => sum + part.numbers.length, 0);
  const all: BatchResults = {
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
 * Result `i` of a batch. A number comes back in `scratch`, one object reused for every
 * call, so reading a batch allocates nothing per input; `others` indexes the rest by position.
 */
export function resultAt(
  batch: BatchResults,
  i: number,
  others: ReadonlyMap<number, CallResult>,
  scratch: { ok: true; value: Output; ms: number },
): CallResult {
  const other = others.get(i);
  if (other) return other;
  scratch.value = batch.numbers[i] as number;
  scratch.ms = batch.ms[i] as number;
  return scratch;
}

/** The results of a batch, one object per input again. */
export function decodeResults(batch: BatchResults): CallResult[] {
  const results: CallResult[] = new Array(batch.numbers.length);
  for (let i = 0; i < batch.numbers.length; i++) {
    results[i] = { ok: true, value: batch.numbers[i] as number, ms: batch.ms[i] as number };
  }
  for (const [i, result] of batch.others) results[i] = result;
  return results;
}
