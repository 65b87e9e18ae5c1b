import type { InputKind, Json } from '../input/kinds.js';
import { LIMITS } from '../limits.js';
import { PyRandom } from '../random/py-random.js';
import { type Problem, problemsText } from '../text/problems.js';

/**
 * A seed as it travels through JSON: a safe integer, or a decimal string for integers beyond
 * 2^53 (CPython accepts any integer as a seed).
 */
export type Seed = number | string;

/** The kinds of element an array generator draws from. */
export type ElementType = 'int' | 'string' | 'bool' | 'null';

/** Every element type. */
export const ELEMENT_TYPES: readonly ElementType[] = ['int', 'string', 'bool', 'null'];

/** The kinds of argument a call generator draws: a string, an array of integers, an integer. */
export type ArgumentType = 'string' | 'int-array' | 'int';

/** Every argument type. */
export const ARGUMENT_TYPES: readonly ArgumentType[] = ['string', 'int-array', 'int'];

/** The arguments of a generated call unless told otherwise: two strings. */
export const DEFAULT_ARGUMENTS: readonly ArgumentType[] = ['string', 'string'];

/** The most arguments a generated call has. */
const MAX_ARGUMENTS = 8;

/**
 * How random inputs are generated, as CPython's `random.Random(seed)` draws them (each input's
 * length first, then its units):
 *
 * - an array of integers: `[r.randint(min, max) for _ in range(n)]`;
 * - a string: `''.join(r.choice(alphabet) for _ in range(n))`;
 * - an array of JSON values: for each element `t = r.choice(elements)`, then `randint(min, max)`
 *   for `'int'`, `''.join(r.choice(alphabet) for _ in range(r.randint(0, maxStringLength)))` for
 *   `'string'`, `r.choice([False, True])` for `'bool'`, `None` for `'null'`;
 * - a call (kind `args`): its arguments in order, each drawn as its type says: a string or an
 *   array of integers as above (each with its own `n`), an integer as `r.randint(min, max)`.
 *
 * `n` is `length`, or `r.randint(length, maxLength)` when `maxLength` is set.
 */
export interface GeneratorConfig {
  seed: Seed;
  /** Units per input (the article: 12). */
  length: number;
  /** When set, each input's length is `randint(length, maxLength)`, drawn before its units. */
  maxLength?: number;
  /** Smallest integer (the article: -9; needed when integers are drawn). */
  min?: number;
  /** Largest integer (the article: 9; needed when integers are drawn). */
  max?: number;
  /** The characters of strings (strings, and the string elements of arrays). */
  alphabet?: string;
  /** The element types of an array (default: every one). */
  elements?: ElementType[];
  /** The longest string element of an array (default 4). */
  maxStringLength?: number;
  /** The types of a call's arguments, in order (kind `args`; default two strings). */
  arguments?: ArgumentType[];
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
  const elements = config.elements ?? ELEMENT_TYPES;
  const called = kind === 'args' && Array.isArray(config.arguments) ? config.arguments : [];
  const drawsIntegers =
    kind === 'int-array' ||
    (kind === 'array' && Array.isArray(elements) && elements.includes('int')) ||
    called.some((type) => type !== 'string');
  if (drawsIntegers) {
    const { min, max } = config;
    if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max)) {
      problems.push({ code: 'generator.range-integers' });
    } else if ((min as number) > (max as number)) problems.push({ code: 'generator.range-order' });
  }
  return [...problems, ...kindProblems(config, kind)];
}

/** What a generator of `kind` needs beyond the common fields: an alphabet, element types. */
function kindProblems(config: GeneratorConfig, kind: InputKind): Problem[] {
  const problems: Problem[] = [];
  const elements = config.elements ?? ELEMENT_TYPES;
  const called = kind === 'args' ? (config.arguments ?? DEFAULT_ARGUMENTS) : [];
  const needsAlphabet =
    kind === 'string' ||
    (kind === 'array' && elements.includes('string')) ||
    (Array.isArray(called) && called.includes('string'));
  if (kind === 'json') problems.push({ code: 'generator.json' });
  if (
    kind === 'args' &&
    (!Array.isArray(called) ||
      called.length === 0 ||
      called.length > MAX_ARGUMENTS ||
      !called.every((type) => ARGUMENT_TYPES.includes(type)))
  ) {
    problems.push({ code: 'generator.args', values: { max: MAX_ARGUMENTS } });
  }
  if (
    needsAlphabet &&
    (typeof config.alphabet !== 'string' ||
      config.alphabet.length === 0 ||
      config.alphabet.length > 1000)
  ) {
    problems.push({ code: 'generator.alphabet' });
  }
  if (
    kind === 'array' &&
    (!Array.isArray(elements) ||
      elements.length === 0 ||
      !elements.every((e) => ELEMENT_TYPES.includes(e)))
  ) {
    problems.push({ code: 'generator.elements' });
  }
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
  readonly #rng: PyRandom;
  readonly #config: GeneratorConfig;
  readonly #kind: InputKind;
  readonly #alphabet: string[];
  #attempts = 0;

  constructor(config: GeneratorConfig, kind: InputKind = 'int-array') {
    const problems = generatorProblems(config, kind);
    if (problems.length > 0) throw new RangeError(problemsText(problems));
    this.#config = config;
    this.#kind = kind;
    // Code points, as CPython indexes a str.
    this.#alphabet = Array.from(config.alphabet ?? '');
    this.#rng = new PyRandom(parseSeed(config.seed));
  }

  /** How many inputs have been drawn. */
  get attempts(): number {
    return this.#attempts;
  }

  /** Draws the next input. */
  next(): Json {
    if (this.#kind === 'args') {
      this.#attempts++;
      return this.#call();
    }
    const { length, maxLength } = this.#config;
    const min = this.#config.min ?? 0;
    const max = this.#config.max ?? 0;
    const rng = this.#rng;
    const n = maxLength === undefined ? length : rng.randint(length, maxLength);
    this.#attempts++;
    if (this.#kind === 'string') return this.#text(n);
    if (this.#kind === 'array') {
      const elements = this.#config.elements ?? ELEMENT_TYPES;
      const out: Json[] = new Array(n);
      for (let i = 0; i < n; i++) {
        const type = elements[rng.randbelow(elements.length)];
        out[i] =
          type === 'int'
            ? rng.randint(min, max)
            : type === 'string'
              ? this.#text(rng.randint(0, this.#config.maxStringLength ?? 4))
              : type === 'bool'
                ? rng.randbelow(2) === 1
                : null;
      }
      return out;
    }
    const input = new Array<number>(n);
    for (let i = 0; i < n; i++) input[i] = rng.randint(min, max);
    return input;
  }

  /** A call's arguments in order, each drawn as its type says (a string or array its own `n`). */
  #call(): Json[] {
    const { length, maxLength } = this.#config;
    const rng = this.#rng;
    const min = this.#config.min ?? 0;
    const max = this.#config.max ?? 0;
    return (this.#config.arguments ?? DEFAULT_ARGUMENTS).map((type) => {
      if (type === 'int') return rng.randint(min, max);
      const n = maxLength === undefined ? length : rng.randint(length, maxLength);
      if (type === 'string') return this.#text(n);
      const out = new Array<number>(n);
      for (let k = 0; k < n; k++) out[k] = rng.randint(min, max);
      return out;
    });
  }

  /** `''.join(r.choice(alphabet) for _ in range(n))`. */
  #text(n: number): string {
    let text = '';
    for (let i = 0; i < n; i++) text += this.#alphabet[this.#rng.randbelow(this.#alphabet.length)];
    return text;
  }
}
