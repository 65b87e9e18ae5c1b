import { KINDS } from '../input/kinds/registry.js';
import type { Drawing, KindGenerator } from '../input/kinds/spec.js';
import type { InputKind, Json } from '../input/kinds.js';
import { LIMITS } from '../limits.js';
import { PyRandom } from '../random/py-random.js';
import { type Problem, problemsText } from '../text/problems.js';
import type { GeneratorConfig, Seed } from './config.js';

export {
  ARGUMENT_TYPES,
  type ArgumentType,
  DEFAULT_ARGUMENTS,
  ELEMENT_TYPES,
  type ElementType,
  type GeneratorConfig,
  type Seed,
} from './config.js';

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

/** Checks a generator config for inputs of `kind`; returns the problems (empty when usable). */
export function generatorProblems(
  config: GeneratorConfig,
  kind: InputKind = 'int-array',
): Problem[] {
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
  const generator = KINDS[kind].generator;
  if (generator?.drawsIntegers(config)) {
    const { min, max } = config;
    if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max)) {
      problems.push({ code: 'generator.range-integers' });
    } else if ((min as number) > (max as number)) problems.push({ code: 'generator.range-order' });
  }
  // A kind that is never generated (a tree) is given instead.
  const never: Problem = { code: 'generator.json' };
  problems.push(...(generator ? generator.problems(config) : [never]));
  const longest = config.maxStringLength;
  if (longest !== undefined && (!Number.isSafeInteger(longest) || longest < 0 || longest > 1000)) {
    problems.push({ code: 'generator.string-length' });
  }
  return problems;
}

/**
 * The stream of generated inputs of `kind`: attempt 1, 2, ... in order, exactly as CPython draws
 * them (see {@link GeneratorConfig}).
 */
export class InputStream {
  readonly #generator: KindGenerator;
  readonly #drawing: Drawing;
  #attempts = 0;

  constructor(config: GeneratorConfig, kind: InputKind = 'int-array') {
    const problems = generatorProblems(config, kind);
    const generator = KINDS[kind].generator;
    if (problems.length > 0 || !generator) throw new RangeError(problemsText(problems));
    this.#generator = generator;
    const rng = new PyRandom(parseSeed(config.seed));
    // Code points, as CPython indexes a str.
    const alphabet = Array.from(config.alphabet ?? '');
    const { length, maxLength } = config;
    this.#drawing = {
      config,
      randint: (a, b) => rng.randint(a, b),
      randbelow: (n) => rng.randbelow(n),
      length: () => (maxLength === undefined ? length : rng.randint(length, maxLength)),
      text(n) {
        let text = '';
        for (let i = 0; i < n; i++) text += alphabet[rng.randbelow(alphabet.length)];
        return text;
      },
      integers(n) {
        const min = config.min ?? 0;
        const max = config.max ?? 0;
        const out = new Array<number>(n);
        for (let i = 0; i < n; i++) out[i] = rng.randint(min, max);
        return out;
      },
    };
  }

  /** How many inputs have been drawn. */
  get attempts(): number {
    return this.#attempts;
  }

  /** Draws the next input. */
  next(): Json {
    this.#attempts++;
    return this.#generator.draw(this.#drawing);
  }
}
