/**
 * MT19937, the 32-bit Mersenne Twister of Matsumoto and Nishimura, transcribed from the
 * reference `mt19937ar.c` as CPython vendors it in `Modules/_randommodule.c`.
 *
 * All arithmetic stays in 32 bits: `Math.imul` for the multiplications and stores into a
 * `Uint32Array`, which reduce every result modulo 2^32 exactly as C's `uint32_t` does.
 */

const N = 624;
const M = 397;
const MATRIX_A = 0x9908b0df;
const UPPER_MASK = 0x80000000;
const LOWER_MASK = 0x7fffffff;

/** The seed the reference implementation falls back to when it is used unseeded. */
export const DEFAULT_SEED = 5489;

/** A Mersenne Twister state: 624 words and a read position. */
export class MT19937 {
  private readonly mt = new Uint32Array(N);
  private index = N;

  /** Creates a generator seeded with `initGenrand(DEFAULT_SEED)`, like the reference code. */
  constructor() {
    this.initGenrand(DEFAULT_SEED);
  }

  /**
   * Seeds the state from one 32-bit word (`init_genrand`). `seed` is reduced modulo 2^32.
   */
  initGenrand(seed: number): void {
    const mt = this.mt;
    mt[0] = seed;
    for (let i = 1; i < N; i++) {
      const prev = mt[i - 1];
      // The product is taken modulo 2^32 by Math.imul; the store wraps the `+ i`.
      mt[i] = Math.imul(1812433253, prev ^ (prev >>> 30)) + i;
    }
    this.index = N;
  }

  /**
   * Seeds the state from an array of 32-bit words (`init_by_array`), the way CPython seeds
   * from an integer. Each word is reduced modulo 2^32; an empty key is treated as `[0]`
   * (CPython always passes at least one word).
   */
  initByArray(key: ArrayLike<number>): void {
    const mt = this.mt;
    const length = key.length;
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, length); k > 0; k--) {
      const prev = mt[i - 1];
      const word = length > 0 ? key[j] >>> 0 : 0;
      // The xor is an int32; adding a uint32 and j stays exact in a double; the store wraps.
      mt[i] = (mt[i] ^ Math.imul(prev ^ (prev >>> 30), 1664525)) + word + j;
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
      if (j >= length) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      const prev = mt[i - 1];
      mt[i] = (mt[i] ^ Math.imul(prev ^ (prev >>> 30), 1566083941)) - i;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
    }
    // The most significant bit is 1, which assures a non-zero initial array.
    mt[0] = UPPER_MASK;
    this.index = N;
  }

  /** Returns the next output word, an integer in [0, 2^32) (`genrand_uint32`). */
  genrandUint32(): number {
    if (this.index >= N) this.twist();
    let y = this.mt[this.index++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** Regenerates all N words at once, as the reference code does when the block is used up. */
  private twist(): void {
    const mt = this.mt;
    let kk = 0;
    let y: number;
    // `-(y & 1) & MATRIX_A` is the reference's `mag01[y & 1]` without a table lookup.
    for (; kk < N - M; kk++) {
      y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK);
      mt[kk] = mt[kk + M] ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A);
    }
    for (; kk < N - 1; kk++) {
      y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK);
      mt[kk] = mt[kk + M - N] ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A);
    }
    y = (mt[N - 1] & UPPER_MASK) | (mt[0] & LOWER_MASK);
    mt[N - 1] = mt[M - 1] ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A);
    this.index = 0;
  }
}
