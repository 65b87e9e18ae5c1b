import type { ArgumentType, GeneratorConfig } from '../../../core/generate/config.js';
import type { InputKind, Json, Shape } from '../../../core/input/kinds.js';
import type { Problem } from '../../../core/text/problems.js';

/**
 * What the page does with one kind of input, in one place: how it writes an input and its
 * size, how a sentence says it, how a paste box reads it, how the cells draw it, how a
 * regression test passes it, and what its generator takes from the workspace. Every kind has
 * one (`kinds/<kind>.ts`), found by name in the registry (`kinds/registry.ts`). What is pure
 * about a kind is its core home's (`core/input/kinds/`).
 */
export interface KindView {
  readonly name: InputKind;
  /** How the cells draw an input: a row of units, a call's arguments one row each, a tree. */
  readonly picture: 'row' | 'call' | 'tree';
  /** Whether the cells say a trial as a sentence does, rather than write it as an array. */
  readonly spokenTrial: boolean;
  /** An input of the kind, shown in an empty box as an example. */
  readonly example: string;
  /** How many units an input has, said with their name: "12 elements", "2 arguments: …". */
  sizeText(input: Json, shape: Shape): string;
  /** An input as short text, its head and its size when it has more than `max` units. */
  inputText(input: Json, shape: Shape, max: number, separator: string): string;
  /** An input as a sentence says it (text as text, never as escaped JSON). */
  spokenInput(input: Json, shape: Shape): string;
  /** A paste box's text read as an input of the kind, or why it cannot be one. */
  read(text: string): Pasted;
  /** An input as a paste box writes it (read back by {@link read}). */
  write(input: Json): string;
  /**
   * What a JavaScript regression test passes to the function for `input` (held in `input`, or
   * for a call in `args`): each function its own copy when the input could be changed.
   */
  testArgument(input: Json): string;
  /** What its generator takes from the workspace, beyond the seed and the lengths. */
  generator(workspace: GeneratorFields): Partial<GeneratorConfig>;
}

/** The workspace's fields a generator may take. */
export interface GeneratorFields {
  alphabet: string;
  min: number;
  max: number;
  /** The types of a call's arguments (read from the call in the paste box when asked). */
  argumentTypes(): ArgumentType[];
}

/** A paste box's text read as an input, or why it cannot be one. */
export type Pasted = { ok: true; input: Json } | { ok: false; problem: Problem };
