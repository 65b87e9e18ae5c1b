import type { GeneratorConfig } from '../../generate/config.js';
import type { Problem } from '../../text/problems.js';
import type { Json } from '../json-value.js';
import type { InputKind, Split } from '../names.js';

/**
 * What one kind of input is, in one place: how it is cut into units and put back, what its
 * empty input is, which values it takes, how big an input is, how its units read as text, and
 * how its inputs are generated. Every kind has one (`kinds/<kind>.ts`), found by name in the
 * registry (`kinds/registry.ts`); code that works on inputs of any kind asks the kind, and
 * never tests its name.
 */
export interface InputKindSpec {
  /** Its name, as sessions and the command line write it. */
  readonly name: InputKind;
  /** How a session's messages name one of its inputs: "an integer input", "a string input". */
  readonly anInput: string;
  /** Whether a split cuts it into units (text, and a call's text arguments). */
  readonly splits: boolean;
  /** Whether its inputs are text as it is: a file or a paste box is read as text, not JSON. */
  readonly text: boolean;
  /** Whether it is a tree, reduced subtree by subtree (`hdd`), rather than a row of units. */
  readonly tree: boolean;
  /**
   * Whether an input is a call: the function receives its arguments spread, and a reducer cuts
   * one argument at a time (see `input/args.ts`).
   */
  readonly call: boolean;
  /** An input as the units a reducer deletes (joined back by {@link fromUnits}). */
  toUnits(value: Json, split?: Split): Json[];
  /** The input made of `units`. */
  fromUnits(units: readonly Json[]): Json;
  /** How many units an input has: elements, characters, lines or words, or tree nodes. */
  size(value: Json, split?: Split): number;
  /** What one unit is called in English (for messages). */
  unitNoun(split?: Split): UnitNoun;
  /** Some units as they appear inside an input: elements with commas, a piece of text. */
  showUnits(units: readonly Json[]): string;
  /**
   * The empty input `dd`'s passing side starts from when none is given: an empty array or
   * string; for a call, `failing` with each argument emptied.
   */
  empty(failing: Json): Json;
  /** Why `input` cannot be an input of this kind, or null when it can. */
  problem(input: unknown): Problem | null;
  /** Whether value shrinking may set a unit to `value` (a session's `set` decision). */
  isUnitValue(value: unknown): boolean;
  /** How its inputs are generated; null for a kind that is never generated (then given). */
  readonly generator: KindGenerator | null;
}

/** What one unit of an input is called in English: element, character, line, word, node. */
export type UnitNoun = 'element' | 'character' | 'line' | 'word' | 'node';

/** A kind's part of generation: its checks of a generator config, and how it draws an input. */
export interface KindGenerator {
  /** The fields of a config it draws with, beyond the seed and the lengths. */
  readonly fields: readonly GeneratorField[];
  /** Whether it draws integers (then `min` and `max` are needed). */
  drawsIntegers(config: GeneratorConfig): boolean;
  /** What it needs of a config beyond the common fields (an alphabet, element types), in order. */
  problems(config: GeneratorConfig): Problem[];
  /** Draws one input, as CPython's `random.Random` would (see `GeneratorConfig`). */
  draw(drawing: Drawing): Json;
}

/** A field of a generator config that some kinds draw with and others do not. */
export type GeneratorField =
  | 'min'
  | 'max'
  | 'alphabet'
  | 'elements'
  | 'maxStringLength'
  | 'arguments';

/** The draws a generator makes, on one seeded stream. */
export interface Drawing {
  readonly config: GeneratorConfig;
  /** `r.randint(a, b)`. */
  randint(a: number, b: number): number;
  /** `r._randbelow(n)`, as `r.choice` draws an index. */
  randbelow(n: number): number;
  /** An input's length: `length`, or `r.randint(length, maxLength)` when `maxLength` is set. */
  length(): number;
  /** `''.join(r.choice(alphabet) for _ in range(n))`. */
  text(n: number): string;
  /** `[r.randint(min, max) for _ in range(n)]`. */
  integers(n: number): number[];
}
