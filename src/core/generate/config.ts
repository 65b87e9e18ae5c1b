import type { Problem } from '../text/problems.js';

/**
 * How random inputs are generated: the config a session names, and the types its generators
 * draw. The drawing itself is in `generator.ts`, each kind's own part in its home
 * (`input/kinds/`).
 */

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
export const MAX_ARGUMENTS = 8;

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

/**
 * An alphabet's problem, when a generator that draws text has none it can draw from (empty, or
 * longer than 1000 characters).
 */
export function alphabetProblems(config: GeneratorConfig): Problem[] {
  const { alphabet } = config;
  return typeof alphabet !== 'string' || alphabet.length === 0 || alphabet.length > 1000
    ? [{ code: 'generator.alphabet' }]
    : [];
}
