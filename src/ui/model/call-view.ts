import { callUnits, isMarker } from '../../core/input/args.js';
import type { Json, Shape } from '../../core/input/kinds.js';
import type { HistoryRow } from '../../core/reduce/types.js';
import { clipJson } from '../../core/text/clip.js';

/**
 * A call with several arguments as the page shows it: one row per argument, each of its own
 * kind, the blocks of a trial drawn relative to the argument it works on.
 */

/** One argument of a call: its place, its value, and its units when it can be cut. */
export interface ArgumentView {
  /** Its place in the call, from 0. */
  index: number;
  value: Json;
  /** How its units are cut (a string by the call's split, an array by element); null if fixed. */
  shape: Shape | null;
  /** Its units, unwrapped (the characters of a string, the elements of an array). */
  units: Json[];
  /** Where its units are in the call's units: `[from, to)` (empty for a fixed argument). */
  from: number;
  to: number;
}

/** The arguments of a call (an input of kind `args`), each with its units and their place. */
export function argumentsOf(call: Json, shape: Shape): ArgumentView[] {
  if (!Array.isArray(call)) return [];
  const views: ArgumentView[] = [];
  callUnits(call, shape.split ?? 'chars').forEach((unit, at) => {
    if (isMarker(unit)) {
      const index = unit.$arg;
      const cut: Shape | null =
        'fixed' in unit
          ? null
          : unit.kind === 'string'
            ? { kind: 'string', split: shape.split ?? 'chars' }
            : { kind: 'array' };
      views.push({
        index,
        value: call[index] as Json,
        shape: cut,
        units: [],
        from: at + 1,
        to: at + 1,
      });
      return;
    }
    const last = views.at(-1);
    if (!last) return;
    last.units.push((unit as [number, Json])[1]);
    last.to = at + 1;
  });
  return views;
}

/** The argument a trial works on, and its block as places within that argument's units. */
export interface ArgumentTrial {
  argument: ArgumentView;
  /** The block removed (or kept), relative to the argument's first unit. */
  lo: number;
  hi: number;
  /** Whether the trial empties the whole argument (the last unit of it removed). */
  empties: boolean;
}

/**
 * Which argument of a call a trial row works on: a keep names it (`keptIn`), a deletion's range
 * lies within it. Null for a row that is not a call's, or has no block.
 */
export function argumentTrial(row: HistoryRow, shape: Shape): ArgumentTrial | null {
  if (shape.kind !== 'args') return null;
  const range = row.removed ?? row.kept;
  if (!range) return null;
  const [lo, hi] = range;
  const within = row.keptIn ?? range;
  const argument = argumentsOf(row.before, shape).find(
    (view) => view.shape !== null && view.from <= within[0] && within[1] <= view.to,
  );
  if (!argument) return null;
  const size = argument.to - argument.from;
  return {
    argument,
    lo: lo - argument.from,
    hi: hi - argument.from,
    empties: row.removed !== undefined && size > 0 && hi - lo === size,
  };
}

/** A call as code writes its arguments: `("foo", "foobar")`, each clipped to `room` characters. */
export function callText(call: Json, room = 40): string {
  if (!Array.isArray(call)) return clipJson(call, room);
  return `(${call.map((argument) => clipJson(argument, room)).join(', ')})`;
}

/** How many units a call's arguments have in all (its argument markers not counted). */
export function callSize(call: Json, shape: Shape): number {
  return argumentsOf(call, shape).reduce((sum, argument) => sum + argument.units.length, 0);
}
