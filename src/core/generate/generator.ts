import { LIMITS } from '../limits.js';
import { PyRandom } from '../random/py-random.js';
import { type Problem, problemsText } from '../text/problems.js';

/**
 * A seed as it travels through JSON: a safe integer, or a decimal string for integers beyond
 * 2^53 (CPython accepts any integer as a seed).
 */
export type Seed = number | string;

/** How random inputs are generated: CPython's `random.Random(seed)`, `randint(min, max)`. */
export interface GeneratorConfig {
  seed: Seed;
  /** Elements per input (the article: 12). */
  length: number;
  /** When set, each input's length is `randint(length, maxLength)`, drawn before its elements. */
  maxLength?: number;
  /** Smallest element (the article: -9). */
  min: number;
  /** Largest element (the article: 9). */
  max: number;
}

/** The article's generator: seed 1103, 12 elements from `randint(-9, 9)`. */
export const ARTICLE_GENERATOR: GeneratorConfig = { seed: 1103, length: 12, min: -9, max: 9 };

/** Parses a seed: a safe integer, or a decimal integer string of any size. */
export function parseSeed(seed: Seed): number | bigint {
  if (typeof seed === 'number') {
    if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
    return seed;
  }
  if (!/^-?\d+$/.test(seed)) throw new RangeError(`seed must be an integer, got "${seed}"`);
  if (seed.replace('-', '').length > LIMITS.seedDigits) {
    throw new RangeError(`the seed has more than ${LIMITS.seedDigits} digits`);
  }
  const big = BigInt(seed);
  return big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(big)
    : big;
}

/** Checks a generator config; returns the problems (empty when it is usable). */
export function generatorProblems(config: GeneratorConfig): Problem[] {
  const problems: Problem[] = [];
  const digits = typeof config.seed === 'string' ? config.seed.replace('-', '').length : 0;
  if (digits > LIMITS.seedDigits) {
    problems.push({ code: 'generator.seed-size', values: { digits, max: LIMITS.seedDigits } });
  } else {
    try {
      parseSeed(config.seed);
    } catch {
      const seed = typeof config.seed === 'string' ? `"${config.seed}"` : String(config.seed);
      problems.push({ code: 'generator.seed', values: { seed } });
    }
  }
  if (!Number.isSafeInteger(config.length) || config.length < 0) {
    problems.push({ code: 'generator.length' });
  }
  if (
    config.maxLength !== undefined &&
    (!Number.isSafeInteger(config.maxLength) || config.maxLength < config.length)
  ) {
    problems.push({ code: 'generator.max-length' });
  }
  if (!Number.isSafeInteger(config.min) || !Number.isSafeInteger(config.max)) {
    problems.push({ code: 'generator.range-integers' });
  } else if (config.min > config.max) problems.push({ code: 'generator.range-order' });
  return problems;
}

/**
 * The stream of generated inputs: attempt 1, 2, ... in order, exactly as CPython's
 * `[rng.randint(min, max) for _ in range(length)]` draws them.
 */
export class InputStream {
  readonly #rng: PyRandom;
  readonly #config: GeneratorConfig;
  #attempts = 0;

  constructor(config: GeneratorConfig) {
    const problems = generatorProblems(config);
    if (problems.length > 0) throw new RangeError(problemsText(problems));
    this.#config = config;
    this.#rng = new PyRandom(parseSeed(config.seed));
  }

  /** How many inputs have been drawn. */
  get attempts(): number {
    return this.#attempts;
  }

  /** Draws the next input. */
  next(): number[] {
    const { length, maxLength, min, max } = this.#config;
    const n = maxLength === undefined ? length : this.#rng.randint(length, maxLength);
    const input = new Array<number>(n);
    for (let i = 0; i < n; i++) input[i] = this.#rng.randint(min, max);
    this.#attempts++;
    return input;
  }
}
