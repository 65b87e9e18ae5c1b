import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Json } from '../../src/core/input/kinds.js';
import type { CallResult } from '../../src/core/oracle/classify.js';
import {
  batchInput,
  batchLength,
  callEach,
  concatResults,
  decodeResults,
  encodeBatch,
  encodeResults,
  resultAt,
  sealResults,
  sliceBatch,
} from '../../src/protocol/batch.js';

describe('batch batches', () => {
  it('round-trips any batch of integer inputs', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.maxSafeInteger())), (inputs) => {
        const batch = encodeBatch(inputs);
        expect(batchLength(batch)).toBe(inputs.length);
        expect(inputs.map((_, i) => batchInput(batch, i))).toEqual(inputs);
      }),
    );
  });

  it('round-trips any numbers exactly, −0, NaN and ±∞ included', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.double())), (inputs) => {
        const batch = encodeBatch(inputs);
        expect(inputs.map((_, i) => batchInput(batch, i))).toEqual(inputs);
      }),
    );
  });

  it('sends any other inputs as they are, a number array among them included', () => {
    const json = fc.jsonValue() as fc.Arbitrary<Json>;
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer())), json, fc.nat(), (numbers, other, at) => {
        fc.pre(!Array.isArray(other) || other.some((x) => typeof x !== 'number'));
        const inputs: Json[] = [...numbers];
        inputs.splice(at % (inputs.length + 1), 0, other);
        const batch = encodeBatch(inputs);
        expect('items' in batch).toBe(true);
        expect(inputs.map((_, i) => batchInput(batch, i))).toEqual(inputs);
      }),
    );
  });

  it('sends small integers in as few bytes as they need', () => {
    const width = (inputs: number[][]) => {
      const batch = encodeBatch(inputs);
      return 'values' in batch ? batch.values.BYTES_PER_ELEMENT : 0;
    };
    expect(width([[-128, 127], [0]])).toBe(1);
    expect(width([[-129, 5]])).toBe(2);
    expect(width([[40000]])).toBe(4);
    expect(width([[2 ** 31]])).toBe(8);
    expect(width([[1.5]])).toBe(8);
    expect(width([[-0, 1]])).toBe(8);
    // A wider number after narrower ones: those before it are kept exactly.
    for (const [inputs, bytes] of [
      [[[1, -5], [7], [300]], 2],
      [[[1], [-40000, 3]], 4],
      [[[1], [300], [2 ** 31]], 8],
      [[[1, 2], [], [0, -0]], 8],
    ] as const) {
      expect(width(inputs.map((input) => [...input]))).toBe(bytes);
      const batch = encodeBatch(inputs.map((input) => [...input]));
      expect(inputs.map((_, i) => batchInput(batch, i))).toEqual(inputs);
    }
  });

  it('slices a batch into batches of their own, leaving it as it was', () => {
    const batch = fc.array(fc.array(fc.integer({ min: -1e6, max: 1e6 })), { minLength: 1 });
    fc.assert(
      fc.property(batch, fc.nat(), fc.nat(), (inputs, a, b) => {
        const [lo, hi] = [a % (inputs.length + 1), b % (inputs.length + 1)].sort((x, y) => x - y);
        const batch = encodeBatch(inputs);
        const slice = sliceBatch(batch, lo as number, hi as number);
        const count = batchLength(slice);
        expect(Array.from({ length: count }, (_, i) => batchInput(slice, i))).toEqual(
          inputs.slice(lo, hi),
        );
        expect(inputs.map((_, i) => batchInput(batch, i))).toEqual(inputs);
      }),
    );
  });

  it('keeps numbers in a typed array and every other result whole', () => {
    const results: CallResult[] = [
      { ok: true, value: -7, ms: 0.5 },
      { ok: true, value: [1, 2], ms: 1 },
      { ok: true, value: null, invalid: true, ms: 0 },
      { ok: false, error: { name: 'TypeError', message: 'x', line: 3 }, ms: 2 },
      {
        ok: false,
        timeout: true,
        error: { name: 'Timeout', message: 'ran longer than 5 ms' },
        ms: 5,
      },
      { ok: true, value: 0, ms: 0.5 },
      // A number timed on its own keeps its own time.
      { ok: true, value: 3, ms: 0.25 },
    ];
    const batch = encodeResults(results);
    expect(batch.others.map(([i]) => i)).toEqual([1, 2, 3, 4, 6]);
    expect(batch.numbers).toBeInstanceOf(Int8Array);
    expect(decodeResults(batch)).toEqual(results);
  });

  it('sends result numbers in as few bytes as they all need, whatever their order', () => {
    const number = (value: number): CallResult => ({ ok: true, value, ms: 1 });
    for (const [values, kind] of [
      [[1, -128, 127], Int8Array],
      [[1, 300, 2], Int16Array],
      [[5, -40000, 300], Int32Array],
      [[1, 2 ** 31], Float64Array],
      [[0, -0], Float64Array],
      [[1, 0.5, 3], Float64Array],
    ] as const) {
      const results = values.map(number);
      const batch = encodeResults(results);
      expect(batch.numbers).toBeInstanceOf(kind);
      expect(decodeResults(batch)).toEqual(results);
      // Joined with a narrower part before it, each number is still exact.
      const joined = concatResults([encodeResults([number(7)]), batch]);
      expect(decodeResults(joined)).toEqual([number(7), ...results]);
    }
  });

  it('joins batch results of consecutive batches and reads each one back', () => {
    const first: CallResult[] = [
      { ok: true, value: 1, ms: 1 },
      { ok: false, error: { name: 'Error', message: 'boom' }, ms: 2 },
    ];
    const second: CallResult[] = [
      { ok: true, value: [3], ms: 3 },
      { ok: true, value: 4, ms: 4 },
    ];
    const all = concatResults([encodeResults(first), encodeResults(second)]);
    const others = new Map(all.others);
    const scratch = { ok: true as const, value: 0, ms: 0 };
    const read = [0, 1, 2, 3].map((i) => ({ ...resultAt(all, i, others, scratch) }));
    expect(read).toEqual([...first, ...second]);
    const only = encodeResults(first);
    expect(concatResults([only])).toBe(only);
  });

  it('calls each input of a batch in order and seals every result with the batch time', () => {
    const outcomes = fc.oneof(
      fc.double().map((value): CallResult => ({ ok: true, value, ms: 0 })),
      fc.string().map((value): CallResult => ({ ok: true, value, ms: 0 })),
      fc.constant<CallResult>({ ok: true, value: null, invalid: true, ms: 0 }),
      fc.constant<CallResult>({ ok: false, error: { name: 'Error', message: 'x' }, ms: 0 }),
    );
    fc.assert(
      fc.property(fc.array(outcomes), (results) => {
        const inputs = encodeBatch(results.map((_, i) => [i]));
        const seen: number[] = [];
        const draft = callEach(inputs, (input) => {
          const i = (input as number[])[0] as number;
          seen.push(i);
          return { ...(results[i] as CallResult) };
        });
        expect(seen).toEqual(results.map((_, i) => i));
        const sealed = sealResults(draft, 0.5);
        expect(sealed.numbers.length).toBe(results.length);
        expect(decodeResults(sealed)).toEqual(results.map((r) => ({ ...r, ms: 0.5 })));
      }),
    );
  });
});
