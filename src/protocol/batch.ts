import type { Json } from '../core/input/kinds.js';
import type { CallResult } from '../core/oracle/classify.js';
import type { Output } from '../core/oracle/verdict.js';
import type { BatchInputs, BatchResults, NumberArray, OffsetArray } from './sandbox.js';

/**
 * Encodes inputs: arrays of numbers in typed arrays (each number exact, in as few bytes as it
 * needs), a copy unaffected by later changes; any other inputs as a list of them (inputs are never
 * changed once made, and each worker gets a clone).
 */
export function encodeBatch(inputs: readonly Json[]): BatchInputs {
  let size = 0;
  for (let i = 0; i < inputs.length; i++) {
    const input = inputs[i];
    if (!Array.isArray(input)) return { items: inputs.slice() };
    size += input.length;
  }
  const offsets: OffsetArray =
    size <= 0xffff ? new Uint16Array(inputs.length + 1) : new Uint32Array(inputs.length + 1);
  // Each number checked and written once, straight into the narrowest array so far, widened
  // (copied once per kind, at most three times) when a number does not fit: no wide array made
  // first and narrowed after, which is most of what encoding costs the host per batch.
  let values: NumberArray = new Int8Array(size);
  let kind = 0;
  let [lo, hi] = RANGES[0] as readonly [number, number];
  let at = 0;
  // Indexed loops, not for-of: a locked-down realm's frozen iterators take V8's slow path.
  for (let i = 0; i < inputs.length; i++) {
    const input = inputs[i] as readonly Json[];
    offsets[i] = at;
    for (let k = 0; k < input.length; k++) {
      const v = input[k];
      if (typeof v !== 'number') return { items: inputs.slice() };
      if (kind < 3 && ((v | 0) !== v || v < lo || v > hi || (v === 0 && 1 / v < 0))) {
        kind = kindOf(v);
        [lo, hi] = RANGES[kind] as readonly [number, number];
        values = widened(values, kind, at);
      }
      values[at++] = v;
    }
  }
  offsets[inputs.length] = at;
  return { values, offsets };
}

/** The typed arrays numbers are sent in, narrowest first (see {@link kindOf}). */
const KINDS = [Int8Array, Int16Array, Int32Array, Float64Array] as const;

/** The integers each of {@link KINDS} holds (any number, for the last). */
const RANGES: readonly (readonly [number, number])[] = [
  [-128, 127],
  [-32768, 32767],
  [-(2 ** 31), 2 ** 31 - 1],
  [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY],
];

/**
 * The narrowest of {@link KINDS} that holds `v` exactly: integers without −0 in 8, 16 or 32 bits
 * (0, 1, 2); anything else, NaN and ±∞ included, as it is (3).
 */
function kindOf(v: number): number {
  if ((v | 0) !== v || (v === 0 && 1 / v < 0)) return 3;
  if (v >= -128 && v <= 127) return 0;
  return v >= -32768 && v <= 32767 ? 1 : 2;
}

/** `values` as an array of kind `kind` as long, its first `count` numbers copied (exactly). */
function widened(values: NumberArray, kind: number, count: number): NumberArray {
  const wider = new (KINDS[kind] ?? Float64Array)(values.length);
  wider.set(values.subarray(0, count));
  return wider;
}

/** Inputs `lo` to `hi - 1` of a batch as a batch of their own (the batch itself when whole). */
export function sliceBatch(batch: BatchInputs, lo: number, hi: number): BatchInputs {
  if (lo === 0 && hi === batchLength(batch)) return batch;
  if ('items' in batch) return { items: batch.items.slice(lo, hi) };
  const base = batch.offsets[lo] ?? 0;
  // Each slice is an array of its own kind: the kinds were chosen for the whole batch.
  const offsets = batch.offsets.slice(lo, hi + 1) as OffsetArray;
  for (let i = 0; i < offsets.length; i++) offsets[i] = (offsets[i] as number) - base;
  const end = batch.offsets[hi] ?? base;
  return { values: batch.values.slice(base, end) as NumberArray, offsets };
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
  // Grown by push, never made with holes: in a locked-down realm (a sandbox's, its prototypes
  // frozen) each write into a hole takes V8's slow path, about twenty times slower.
  const input: number[] = [];
  for (let k = lo; k < hi; k++) input.push(batch.values[k] as number);
  return input;
}

/**
 * Results being filled in, in order, numbers as they are until {@link sealResults} narrows them.
 * The numbers are pushed onto a plain array (0 where the result is another), not written into a
 * typed array: in a locked-down realm (a sandbox's, its prototypes frozen) V8 takes its slow path
 * for every indexed write, about fifteen times slower into a typed array, and pushing does not.
 */
export interface ResultsDraft {
  numbers: number[];
  /** The narrowest of the typed arrays numbers are sent in that holds every number so far. */
  kind: number;
  others: [number, CallResult][];
}

/** An empty draft. */
export function draftResults(): ResultsDraft {
  return { numbers: [], kind: 0, others: [] };
}

/** The results of `call` on each input of a batch in turn. */
export function callEach(inputs: BatchInputs, call: (input: Json) => CallResult): ResultsDraft {
  const count = batchLength(inputs);
  const draft = draftResults();
  for (let i = 0; i < count; i++) addResult(draft, call(batchInput(inputs, i)));
  return draft;
}

/** Adds the next result: a number to the numbers, anything else whole. */
export function addResult(draft: ResultsDraft, result: CallResult): void {
  if (result.ok && !result.invalid && typeof result.value === 'number')
    addNumber(draft, result.value);
  else addOther(draft, result);
}

/** Adds the next result, a number. */
function addNumber(draft: ResultsDraft, value: number): void {
  draft.numbers.push(value);
  const kind = kindOf(value);
  if (kind > draft.kind) draft.kind = kind;
}

/** Adds the next result whole, whatever it is. */
function addOther(draft: ResultsDraft, result: CallResult): void {
  draft.others.push([draft.numbers.length, result]);
  draft.numbers.push(0);
}

/** The draft as a batch whose calls each took `ms` (the batch's time over its calls). */
export function sealResults(draft: ResultsDraft, ms: number): BatchResults {
  for (const [, result] of draft.others) result.ms = ms;
  return { numbers: sealNumbers(draft), ms, others: draft.others };
}

/**
 * The draft's numbers in the narrowest typed array (its kind kept as they were added), copied by
 * `set`, which writes no index: in a locked-down realm a typed array made straight from the plain
 * array costs about eight times as much (it iterates the array).
 */
function sealNumbers(draft: ResultsDraft): NumberArray {
  const numbers = new (KINDS[draft.kind] ?? Float64Array)(draft.numbers.length);
  numbers.set(draft.numbers);
  return numbers;
}

/**
 * Encodes results that were timed one by one: numbers that took the first number's time go in
 * the typed array, every other result (a number that took another time too) whole.
 */
export function encodeResults(results: readonly CallResult[]): BatchResults {
  const draft = draftResults();
  const ms = results.find(isNumber)?.ms ?? 0;
  for (let i = 0; i < results.length; i++) {
    const result = results[i] as CallResult;
    if (isNumber(result) && result.ms !== ms) addOther(draft, result);
    else addResult(draft, result);
  }
  return { numbers: sealNumbers(draft), ms, others: draft.others };
}

function isNumber(result: CallResult): boolean {
  return result.ok && !result.invalid && typeof result.value === 'number';
}

/**
 * Results of consecutive batches as one (the only one as it is). Numbers of a part that took
 * another time per call than the first part are listed whole, with their own time.
 */
export function concatResults(parts: readonly BatchResults[]): BatchResults {
  if (parts.length === 1) return parts[0] as BatchResults;
  const ms = parts[0]?.ms ?? 0;
  const draft = draftResults();
  for (const part of parts) {
    const others = new Map(part.others);
    for (let i = 0; i < part.numbers.length; i++) {
      const other = others.get(i);
      const value = part.numbers[i] as number;
      if (other) addOther(draft, other);
      else if (part.ms === ms) addNumber(draft, value);
      else addOther(draft, { ok: true, value, ms: part.ms });
    }
  }
  return { numbers: sealNumbers(draft), ms, others: draft.others };
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
  scratch.ms = batch.ms;
  return scratch;
}

/** The results of a batch, one object per input again. */
export function decodeResults(batch: BatchResults): CallResult[] {
  const results: CallResult[] = new Array(batch.numbers.length);
  for (let i = 0; i < batch.numbers.length; i++) {
    results[i] = { ok: true, value: batch.numbers[i] as number, ms: batch.ms };
  }
  for (const [i, result] of batch.others) results[i] = result;
  return results;
}
