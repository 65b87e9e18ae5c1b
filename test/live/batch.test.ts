import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CallResult } from '../../src/core/oracle/classify.js';
import {
  batchInput,
  batchLength,
  concatResults,
  decodeResults,
  encodeBatch,
  encodeResults,
  resultAt,
  sliceBatch,
} from '../../src/live/batch.js';

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

  it('keeps numbers in typed arrays and every other result whole', () => {
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
      { ok: true, value: 0, ms: 0.25 },
    ];
    const batch = encodeResults(results);
    expect(batch.others.map(([i]) => i)).toEqual([1, 2, 3, 4]);
    expect(decodeResults(batch)).toEqual(results);
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
});
