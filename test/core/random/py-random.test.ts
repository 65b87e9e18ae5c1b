import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type IntLike, PyRandom } from '../../../src/core/random/py-random.js';
import vectors from './vectors.json';

/** A value as scripts/random-vectors.py stores it: safe integers as numbers, others as strings. */
type Encoded = number | string;
type Call = {
  method: 'getrandbits' | 'random' | 'randint' | 'randrange';
  args: Encoded[];
  results: Encoded[];
};
type SeedVectors = { seed: Encoded; calls: Call[] };
type AttemptVectors = {
  seed: number;
  size: number;
  low: number;
  high: number;
  attempts: { attempt: number; inputs: number[] }[];
};
type VectorFile = { generator: string; seeds: SeedVectors[]; attempts: AttemptVectors };

const data = vectors as VectorFile;

/** The article's example: seed 1103, 12 × randint(-9, 9) per attempt. */
const ATTEMPT_4452 = [-3, -3, -8, -4, -4, -8, -1, -9, -5, -4, -6, -7];

/**
 * `natural`: safe integers as numbers (and getrandbits32 for k <= 32), so results must be
 * numbers unless an argument was a bigint. `bigint`: every integer as a bigint.
 */
type Mode = 'natural' | 'bigint';

function decode(value: Encoded, mode: Mode): IntLike {
  return typeof value === 'string' || mode === 'bigint' ? BigInt(value) : value;
}

function replay(rng: PyRandom, call: Call, mode: Mode): unknown {
  const args = call.args.map((a) => decode(a, mode));
  switch (call.method) {
    case 'getrandbits': {
      const k = Number(call.args[0]);
      return mode === 'natural' && k <= 32 ? rng.getrandbits32(k) : rng.getrandbits(k);
    }
    case 'random':
      return rng.random();
    case 'randint':
      return rng.randint(args[0] as IntLike, args[1] as IntLike);
    case 'randrange':
      return rng.randrange(args[0] as IntLike, args[1], args[2]);
  }
}

/** What `replay` must return for the stored `result`, with its exact JavaScript type. */
function expected(call: Call, result: Encoded, mode: Mode): unknown {
  if (call.method === 'random') return Number(result);
  if (call.method === 'getrandbits') {
    return mode === 'natural' && Number(call.args[0]) <= 32 ? result : BigInt(result);
  }
  const anyBig = mode === 'bigint' || call.args.some((a) => typeof a === 'string');
  return anyBig ? BigInt(result) : result;
}

describe('PyRandom matches CPython vectors', () => {
  it('covers the seeds and calls the brief asks for', () => {
    expect(data.seeds).toHaveLength(14);
    for (const entry of data.seeds) {
      expect(entry.calls.map((c) => c.method)).toContain('randrange');
      expect(entry.calls.reduce((sum, c) => sum + c.results.length, 0)).toBe(108);
    }
  });

  const cases = data.seeds.flatMap((entry) =>
    (['natural', 'bigint'] as const).map((mode) => ({ entry, mode, seed: String(entry.seed) })),
  );

  it.each(cases)('seed $seed ($mode)', ({ entry, mode }) => {
    const rng = new PyRandom(decode(entry.seed, mode));
    entry.calls.forEach((call, index) => {
      const got = call.results.map(() => replay(rng, call, mode));
      const want = call.results.map((r) => expected(call, r, mode));
      // toStrictEqual tells 5 from 5n and distinguishes -0 from 0.
      expect(got, `call ${index}: ${call.method}(${call.args.join(', ')})`).toStrictEqual(want);
    });
  });
});

describe('the article fact: seed 1103, attempts of 12 × randint(-9, 9)', () => {
  it('first reaches the failing input at attempt 4452', () => {
    const { seed, size, low, high, attempts } = data.attempts;
    const stored = new Map(attempts.map((a) => [a.attempt, a.inputs]));
    expect(stored.get(4452)).toStrictEqual(ATTEMPT_4452);

    const rng = new PyRandom(seed);
    const target = ATTEMPT_4452.join(',');
    let first = 0;
    for (let attempt = 1; attempt <= 4452 && first === 0; attempt++) {
      const inputs = Array.from({ length: size }, () => rng.randint(low, high));
      const want = stored.get(attempt);
      if (want !== undefined) expect(inputs, `attempt ${attempt}`).toStrictEqual(want);
      if (inputs.join(',') === target) first = attempt;
    }
    expect(first).toBe(4452);
  });
});

describe('PyRandom edge cases', () => {
  it('rejects seeds that are not safe integers', () => {
    expect(() => new PyRandom(1.5)).toThrow(RangeError);
    expect(() => new PyRandom(Number.NaN)).toThrow(RangeError);
    expect(() => new PyRandom(2 ** 64)).toThrow(/bigint/);
  });

  it('seeds with the absolute value, for numbers and bigints alike', () => {
    const draws = (rng: PyRandom) => [rng.getrandbits(96), rng.random()];
    expect(draws(new PyRandom(-(2 ** 40)))).toStrictEqual(draws(new PyRandom(2n ** 40n)));
    expect(draws(new PyRandom(-7n))).toStrictEqual(draws(new PyRandom(7)));
    expect(draws(new PyRandom(7))).not.toStrictEqual(draws(new PyRandom(8)));
  });

  it('getrandbits(0) is 0 and draws nothing; negative k is an error', () => {
    const rng = new PyRandom(42);
    expect(rng.getrandbits(0)).toBe(0n);
    expect(rng.getrandbits32(0)).toBe(0);
    expect(rng.getrandbits(32)).toBe(BigInt(new PyRandom(42).getrandbits32(32)));
    expect(() => rng.getrandbits(-1)).toThrow(RangeError);
    expect(() => rng.getrandbits32(33)).toThrow(RangeError);
  });

  it('reports argument errors the way CPython does, as RangeError or TypeError', () => {
    const rng = new PyRandom(0);
    expect(() => rng.randrange(0)).toThrow(RangeError);
    expect(() => rng.randrange(-3n)).toThrow(RangeError);
    expect(() => rng.randrange(5, undefined, 2)).toThrow(TypeError);
    expect(() => rng.randrange(0, 10, 0)).toThrow(/zero step/);
    expect(() => rng.randrange(0n, 10n, 0n)).toThrow(/zero step/);
    expect(() => rng.randint(3, 2)).toThrow(/empty range/);
    expect(() => rng.randint(0.5, 2)).toThrow(RangeError);
    expect(() => rng.randbelow(0)).toThrow(RangeError);
    expect(rng.randint(7, 7)).toBe(7);
    expect(rng.randint(7n, 7n)).toBe(7n);
  });
});

describe('PyRandom properties', () => {
  const safe = fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });
  const seed = fc.oneof(fc.integer(), fc.bigInt({ min: -(2n ** 130n), max: 2n ** 130n }));

  it('randint(a, b) stays within [a, b] and is a number for numbers, a bigint for bigints', () => {
    fc.assert(
      fc.property(seed, safe, safe, (s, x, y) => {
        const [a, b] = x <= y ? [x, y] : [y, x];
        const rng = new PyRandom(s);
        for (let i = 0; i < 5; i++) {
          const r = rng.randint(a, b);
          expect(Number.isSafeInteger(r) && r >= a && r <= b, `${r} in [${a}, ${b}]`).toBe(true);
        }
        const big = rng.randint(BigInt(a) * 2n ** 40n, BigInt(b) * 2n ** 40n + 1n);
        expect(typeof big).toBe('bigint');
        expect(big >= BigInt(a) * 2n ** 40n && big <= BigInt(b) * 2n ** 40n + 1n).toBe(true);
      }),
    );
  });

  it('the number fast paths draw exactly what the bigint path draws', () => {
    const small = fc.integer({ min: -(2 ** 40), max: 2 ** 40 });
    const step = fc.integer({ min: -(2 ** 34), max: 2 ** 34 }).filter((n) => n !== 0);
    fc.assert(
      fc.property(seed, safe, safe, small, small, step, (s, a, b, start, width, st) => {
        const fast = new PyRandom(s);
        const slow = new PyRandom(s);
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(BigInt(fast.randint(lo, hi))).toBe(slow.randint(BigInt(lo), BigInt(hi)));
        const stop = start + (st > 0 ? Math.abs(width) + 1 : -Math.abs(width) - 1);
        const r = fast.randrange(start, stop, st);
        expect(BigInt(r)).toBe(slow.randrange(BigInt(start), BigInt(stop), BigInt(st)));
        expect((r - start) % st === 0, `${r} on the grid of ${start} step ${st}`).toBe(true);
      }),
    );
  });

  it('randrange rejects every empty range with a RangeError', () => {
    const range = fc
      .tuple(safe, safe, fc.integer({ min: -(2 ** 40), max: 2 ** 40 }))
      .filter(([start, stop, step]) => (step > 0 ? start >= stop : start <= stop));
    fc.assert(
      fc.property(seed, range, fc.boolean(), (s, [start, stop, step], asBigint) => {
        const rng = new PyRandom(s);
        const call = asBigint
          ? () => rng.randrange(BigInt(start), BigInt(stop), BigInt(step))
          : () => rng.randrange(start, stop, step);
        expect(call).toThrow(RangeError);
        if (step === 1) expect(() => rng.randint(start, stop - 1)).toThrow(RangeError);
      }),
    );
  });
});
