import { KINDS } from '../../core/input/kinds/registry.js';
import type { Json, Shape } from '../../core/input/kinds.js';
import { countAt } from '../../core/input/tree.js';
import { toUnits } from '../../core/input/units.js';
import { sizeOf } from '../../core/input/value.js';
import type { HistoryRow } from '../../core/reduce/types.js';
import { argumentTrial } from './call-view.js';
import { VIEWS } from './kinds/registry.js';

export { countText, unitLabel, unitName } from './unit-text.js';

/** The units of a flat input (elements, characters, lines, words); null for a tree. */
export function unitsOf(input: Json, shape: Shape): Json[] | null {
  return KINDS[shape.kind].tree ? null : toUnits(input, shape);
}

/**
 * How many units an input has, said with their name: "12 elements", "62 characters", "3 行",
 * a call's argument by argument.
 */
export function sizeText(input: Json, shape: Shape): string {
  return VIEWS[shape.kind].sizeText(input, shape);
}

/**
 * An input as short text, as its kind writes it: an array of integers as the article writes it
 * (`[-1,-9,-5]`), a string in quotes, a call as its arguments in parentheses, anything else as
 * JSON; when it is longer than `max` units, its head and its size.
 */
export function inputText(input: Json, shape: Shape, max = 16, separator = ','): string {
  return VIEWS[shape.kind].inputText(input, shape, max, separator);
}

/**
 * How many units the blocks of a trial were cut from: the units of the input before it, for a
 * call those of the argument it cuts, or for a tree the nodes of the level it removed from.
 */
export function unitsBefore(row: HistoryRow, shape: Shape): number {
  // A call's trial cuts one argument: its blocks are that argument's.
  const argument = argumentTrial(row, shape)?.argument;
  if (argument) return argument.to - argument.from;
  return KINDS[shape.kind].tree && row.level !== undefined
    ? countAt(row.before, row.level)
    : sizeOf(row.before, shape);
}
