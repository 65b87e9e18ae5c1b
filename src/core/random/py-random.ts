/**
 * A generator that reproduces CPython 3's `random.Random(seed)` bit for bit for integer seeds,
 * so that a sequence drawn in Python can be replayed here (and the other way round).
 *
 * Integers cross the API as `number` when every argument is a number and as `bigint` as soon
 * as one is a bigint. Numbers must be safe integers: beyond 2^53 a double may already have
 * lost the digits the caller meant, so such values have to be passed as bigints.
 */

import { MT19937 } from './mt19937.js';

/** An integer argument: a safe-integer `number`, or a `bigint` of any size. */
export type IntLike = number | bigint;

const TWO_32 = 0x1_0000_0000;
// Below this bound `(width + step - 1) / step` and `step * r` are exact in doubles and the
// quotient cannot round onto an integer, so Math.floor gives Python's floor division.
const EXACT_NUMBER = 2 ** 51;

/** CPython's `random.Random` for integer seeds: seeding, `getrandbits`, `randrange` and kin. */
export class PyRandom {
  private readonly mt = new MT19937();

  /**
   * Seeds like `random.seed(seed)`: the absolute value (Python 3 ignores the sign) is split
   * into 32-bit words, least significant first, and fed to `init_by_array`; 0 gives `[0]`.
   * @throws RangeError when `seed` is a number that is not a safe integer.
   */
  constructor(seed: IntLike) {
    this.mt.initByArray(seedKey(seed));
  }

  /**
   * `random.getrandbits(k)`: a uniform integer in [0, 2^k). Words of 32 bits are drawn least
   * significant first; the last (most significant) word keeps only its top `k % 32` bits.
   * @throws RangeError when `k` is not a non-negative safe integer.
   */
  getrandbits(k: number): bigint {
    if (!Number.isSafeInteger(k) || k < 0) {
      throw new RangeError(`getrandbits: k must be a non-negative integer, got ${k}`);
    }
    if (k <= 32) return BigInt(this.getrandbits32(k));
    let result = 0n;
    let shift = 0n;
    for (let left = k; left > 0; left -= 32) {
      let word = this.mt.genrandUint32();
      if (left < 32) word >>>= 32 - left;
      result |= BigInt(word) << shift;
      shift += 32n;
    }
    return result;
  }

  /**
   * `getrandbits(k)` for 0 <= k <= 32 as a number: the top `k` bits of one output word.
   * `k = 0` returns 0 without drawing, as CPython does.
   * @throws RangeError when `k` is not an integer in [0, 32].
   */
  getrandbits32(k: number): number {
    if (!(Number.isInteger(k) && k >= 0 && k <= 32)) {
      throw new RangeError(`getrandbits32: k must be an integer in [0, 32], got ${k}`);
    }
    // JavaScript masks shift counts to 5 bits, so `>>> 32` would be `>>> 0`.
    return k === 0 ? 0 : this.mt.genrandUint32() >>> (32 - k);
  }

  /**
   * `random.random()`: a float in [0, 1) with 53 random bits (`genrand_res53`).
   */
  random(): number {
    const a = this.mt.genrandUint32() >>> 5;
    const b = this.mt.genrandUint32() >>> 6;
    return (a * 67108864 + b) / 9007199254740992;
  }

  /**
   * `Random._randbelow(n)`: a uniform integer in [0, n) by rejection sampling with
   * `getrandbits(n.bit_length())`.
   * @throws RangeError when `n` is not a positive integer.
   */
  randbelow(n: number): number;
  randbelow(n: bigint): bigint;
  randbelow(n: IntLike): IntLike;
  randbelow(n: IntLike): IntLike {
    if (typeof n === 'number') {
      if (toInt(n, 'randbelow', 'n') <= 0) throw new RangeError('randbelow: n must be > 0');
      return this.belowNumber(n);
    }
    if (n <= 0n) throw new RangeError('randbelow: n must be > 0');
    return this.belowBig(n);
  }

  /**
   * `random.randrange(stop)` or `random.randrange(start, stop[, step])` with Python 3.11+
   * semantics for integers, including negative steps.
   * @throws RangeError for an empty range, a zero step or a non-integer argument.
   * @throws TypeError when `step` is given without `stop`, as in CPython.
   */
  randrange(start: number, stop?: number, step?: number): number;
  randrange(start: bigint, stop?: bigint, step?: bigint): bigint;
  randrange(start: IntLike, stop?: IntLike, step?: IntLike): IntLike;
  randrange(start: IntLike, stop?: IntLike, step?: IntLike): IntLike {
    if (stop === undefined) {
      if (step !== undefined) throw new TypeError('randrange: missing a non-undefined stop');
      if (typeof start === 'number') {
        if (toInt(start, 'randrange', 'start') > 0) return this.belowNumber(start);
      } else if (start > 0n) {
        return this.belowBig(start);
      }
      throw new RangeError(`randrange: empty range (stop = ${start})`);
    }
    if (typeof start === 'number' && typeof stop === 'number' && typeof step !== 'bigint') {
      const width = toInt(stop, 'randrange', 'stop') - toInt(start, 'randrange', 'start');
      const istep = step === undefined ? 1 : toInt(step, 'randrange', 'step');
      if (istep === 0) throw new RangeError('randrange: zero step');
      // isSafeInteger(width) also proves that the subtraction was exact.
      if (Number.isSafeInteger(width)) {
        if (istep === 1) {
          if (width > 0) return start + this.belowNumber(width);
          throw emptyRange(start, stop, istep);
        }
        if (Math.abs(width) < EXACT_NUMBER && Math.abs(istep) < EXACT_NUMBER) {
          const n = Math.floor((istep > 0 ? width + istep - 1 : width + istep + 1) / istep);
          if (n <= 0) throw emptyRange(start, stop, istep);
          return start + istep * this.belowNumber(n);
        }
      }
    }
    const bigResult = this.rangeBig(
      toBig(start),
      toBig(stop),
      step === undefined ? 1n : toBig(step),
    );
    if (typeof start === 'bigint' || typeof stop === 'bigint' || typeof step === 'bigint') {
      return bigResult;
    }
    // All arguments were safe integers, so the result, which lies between them, is too.
    return Number(bigResult);
  }

  /**
   * `random.randint(a, b)`: a uniform integer in [a, b], i.e. `randrange(a, b + 1)`.
   * @throws RangeError when `a > b` or an argument is not an integer.
   */
  randint(a: number, b: number): number;
  randint(a: bigint, b: bigint): bigint;
  randint(a: IntLike, b: IntLike): IntLike;
  randint(a: IntLike, b: IntLike): IntLike {
    if (typeof a === 'number' && typeof b === 'number') {
      const width = toInt(b, 'randint', 'b') - toInt(a, 'randint', 'a') + 1;
      // The fast path the generators hit millions of times: one word per draw, or two.
      if (width > 0 && width <= Number.MAX_SAFE_INTEGER) return a + this.belowNumber(width);
      if (width <= 0) throw emptyRange(a, b + 1, 1);
    }
    const result = this.rangeBig(toBig(a), toBig(b) + 1n, 1n);
    return typeof a === 'bigint' || typeof b === 'bigint' ? result : Number(result);
  }

  /** `randrange(start, stop, step)` on bigints, after the fast paths have declined. */
  private rangeBig(start: bigint, stop: bigint, step: bigint): bigint {
    const width = stop - start;
    if (step === 0n) throw new RangeError('randrange: zero step');
    // BigInt division truncates where Python's `//` floors, but the two differ only for a
    // negative quotient, and then the range is empty either way.
    const n = (step > 0n ? width + step - 1n : width + step + 1n) / step;
    if (n <= 0n) throw emptyRange(start, stop, step);
    return start + step * this.belowBig(n);
  }

  /** `_randbelow(n)` for 1 <= n <= 2^53 - 1 without bigints: one word, or two for k > 32. */
  private belowNumber(n: number): number {
    const mt = this.mt;
    if (n < TWO_32) {
      const shift = Math.clz32(n); // 32 - n.bit_length()
      let r = mt.genrandUint32() >>> shift;
      while (r >= n) r = mt.genrandUint32() >>> shift;
      return r;
    }
    // Low word first, then the high word cut to bit_length - 32 bits, as getrandbits does.
    const shift = Math.clz32(Math.floor(n / TWO_32));
    let r: number;
    do {
      const low = mt.genrandUint32();
      r = (mt.genrandUint32() >>> shift) * TWO_32 + low;
    } while (r >= n);
    return r;
  }

  /** `_randbelow(n)` for any bigint n >= 1. */
  private belowBig(n: bigint): bigint {
    const k = n.toString(2).length;
    let r = this.getrandbits(k);
    while (r >= n) r = this.getrandbits(k);
    return r;
  }
}

/** CPython's `init_by_array` key for an integer seed: |seed| in 32-bit words, little-endian. */
function seedKey(seed: IntLike): number[] {
  if (typeof seed === 'number') {
    const abs = Math.abs(toInt(seed, 'PyRandom', 'seed'));
    return abs < TWO_32 ? [abs] : [abs % TWO_32, Math.floor(abs / TWO_32)];
  }
  // Read off the hexadecimal digits, eight at a time from the low end: linear in the size of the
  // seed (shifting a bigint 32 bits at a time would copy it once per word).
  const hex = (seed < 0n ? -seed : seed).toString(16);
  const key: number[] = [];
  for (let end = hex.length; end > 0; end -= 8) {
    key.push(Number.parseInt(hex.slice(Math.max(0, end - 8), end), 16));
  }
  return key;
}

function emptyRange(start: IntLike, stop: IntLike, step: IntLike): RangeError {
  return new RangeError(
    `randrange: empty range (start = ${start}, stop = ${stop}, step = ${step})`,
  );
}

/** Returns `value` if it is a safe integer; otherwise throws a RangeError naming the argument. */
function toInt(value: number, fn: string, name: string): number {
  if (!Number.isSafeInteger(value)) {
    const hint = Number.isInteger(value) ? ' (pass integers beyond 2^53 as bigint)' : '';
    throw new RangeError(`${fn}: ${name} must be a safe integer, got ${value}${hint}`);
  }
  return value;
}

function toBig(value: IntLike): bigint {
  return typeof value === 'bigint' ? value : BigInt(toInt(value, 'PyRandom', 'argument'));
}
