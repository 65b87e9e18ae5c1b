import { callUnits, isMarker } from '../../core/input/args.js';
import { KINDS } from '../../core/input/kinds/registry.js';
import type { Json, Shape } from '../../core/input/kinds.js';
import type { HistoryRow } from '../../core/reduce/types.js';
import { clipJson } from '../../core/text/clip.js';
import { t } from '../i18n/i18n.js';

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

/**
 * The calls whose arguments were read last, by split: one frame reads its call in its picture,
 * its narration, its history row and its algorithm step, and a call may have thousands of
 * arguments. A few only, so that a long session's calls are not all held twice.
 */
const recent = new Map<Json[], Map<string, readonly ArgumentView[]>>();
const RECENT_CALLS = 8;

/**
 * The arguments of a call (an input of kind `args`), each with its units and their place, in
 * order: the view of argument `i` is at `i`.
 */
export function argumentsOf(call: Json, shape: Shape): readonly ArgumentView[] {
  if (!Array.isArray(call)) return [];
  const split = shape.split ?? 'chars';
  const known = recent.get(call)?.get(split);
  if (known) return known;
  const views = readArguments(call, shape);
  const bySplit = recent.get(call) ?? new Map<string, readonly ArgumentView[]>();
  bySplit.set(split, views);
  recent.delete(call);
  recent.set(call, bySplit);
  if (recent.size > RECENT_CALLS) recent.delete(recent.keys().next().value as Json[]);
  return views;
}

function readArguments(call: Json[], shape: Shape): ArgumentView[] {
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
  if (!KINDS[shape.kind].call) return null;
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

/** The most arguments a call's text writes; the rest are counted. */
export const CALL_TEXT_ARGUMENTS = 6;

/**
 * A call as code writes its arguments: `("foo", "foobar")`, each clipped to `room` characters,
 * and past {@link CALL_TEXT_ARGUMENTS} of them how many more there are: `(1, 2, … 49994 more)`.
 */
export function callText(call: Json, room = 40): string {
  if (!Array.isArray(call)) return clipJson(call, room);
  const shown = call.slice(0, CALL_TEXT_ARGUMENTS).map((argument) => clipJson(argument, room));
  const more = call.length - shown.length;
  if (more > 0) shown.push(t('call.more', { count: more }));
  return `(${shown.join(', ')})`;
}

/** How many units a call's arguments have in all (its argument markers not counted). */
export function callSize(call: Json, shape: Shape): number {
  return argumentsOf(call, shape).reduce((sum, argument) => sum + argument.units.length, 0);
}
