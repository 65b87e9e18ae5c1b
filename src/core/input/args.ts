import type { Json } from './json-value.js';
import type { Split } from './names.js';
import { splitText } from './split.js';

/**
 * A call with several arguments (`candidate(s, t)`) as units: each argument is opened by a
 * marker, `{ $arg: i, kind }` for an argument that can be cut (a string, cut by the split, or an
 * array) and `{ $arg: i, fixed: value }` for one that cannot (a number, a boolean, null, an
 * object), then come its units, each `[i, unit]`. Markers are never deleted: a reducer works on
 * one argument's units at a time (see `reduce/by-argument.ts`), so an argument may become empty
 * but never goes, and a fixed one stays as it is.
 */

/** The marker that opens an argument's units. */
export type ArgumentMarker =
  | { $arg: number; kind: 'string' | 'array' }
  | { $arg: number; fixed: Json };

/** Whether a unit of a call is an argument's marker (an argument's own units are pairs). */
export function isMarker(unit: Json): unit is ArgumentMarker & { [key: string]: Json } {
  return typeof unit === 'object' && unit !== null && !Array.isArray(unit) && '$arg' in unit;
}

/** A call's units: each argument's marker, then its units tagged with the argument's place. */
export function callUnits(call: Json, split: Split): Json[] {
  if (!Array.isArray(call)) throw new TypeError('a call is the array of its arguments');
  const units: Json[] = [];
  call.forEach((argument, i) => {
    if (typeof argument === 'string') {
      units.push({ $arg: i, kind: 'string' });
      for (const unit of splitText(argument, split)) units.push([i, unit]);
    } else if (Array.isArray(argument)) {
      units.push({ $arg: i, kind: 'array' });
      for (const unit of argument) units.push([i, unit]);
    } else units.push({ $arg: i, fixed: argument });
  });
  return units;
}

/** The call a sequence of units makes (see {@link callUnits}). */
export function callOf(units: readonly Json[]): Json[] {
  const call: Json[] = [];
  let parts: Json[] | null = null;
  let text = false;
  const close = () => {
    if (parts) call.push(text ? (parts as string[]).join('') : parts);
    parts = null;
  };
  for (const unit of units) {
    if (isMarker(unit)) {
      close();
      if ('fixed' in unit) call.push(unit.fixed as Json);
      else {
        parts = [];
        text = unit.kind === 'string';
      }
    } else (parts as Json[] | null)?.push((unit as [number, Json])[1]);
  }
  close();
  return call;
}

/** Where each argument that can be cut has its units: `[lo, hi)` in the call's units. */
export function argumentRanges(units: readonly Json[]): [number, number][] {
  const ranges: [number, number][] = [];
  units.forEach((unit, at) => {
    if (isMarker(unit) && !('fixed' in unit)) ranges.push([at + 1, at + 1]);
    else if (!isMarker(unit)) {
      const last = ranges.at(-1);
      if (last) last[1] = at + 1;
    }
  });
  return ranges;
}
