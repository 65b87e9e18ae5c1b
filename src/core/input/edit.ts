import { KINDS } from './kinds/registry.js';
import type { Json, Shape } from './kinds.js';
import { removeAt } from './tree.js';
import { fromUnits, toUnits } from './units.js';

/**
 * How a trial was made from the current input:
 * - `delete`: the units `[lo, hi)` were removed (the article's only move); with `level`, the
 *   nodes `[lo, hi)` of that level of a tree (`hdd`);
 * - `keep`: only the units `[lo, hi)` were kept (ddmin's subset test); with `from` and `to`,
 *   only those of the span `[from, to)` (one argument of a call), the units around it kept too;
 * - `set`: unit `index` was replaced by `value` (value shrinking);
 * - `cut`: the units of each span `[lo, hi)` were removed at once, spans in order and apart (a
 *   syntax move: a subtree, a node hoisted in place of its ancestor, a window of tokens); with
 *   `text`, each span was replaced by that text's characters (a rename: every use of a name given
 *   a shorter one).
 */
export type Edit =
  | { op: 'delete'; lo: number; hi: number; level?: number }
  | { op: 'keep'; lo: number; hi: number; from?: number; to?: number }
  | { op: 'set'; index: number; value: Json }
  | { op: 'cut'; spans: Span[]; text?: string };

/** Units `[lo, hi)` of an input. */
export type Span = [lo: number, hi: number];

/** Applies an edit to a sequence of units (pure; the units are not changed). */
export function editUnits(units: readonly Json[], edit: Edit): Json[] {
  switch (edit.op) {
    case 'delete':
      return [...units.slice(0, edit.lo), ...units.slice(edit.hi)];
    case 'keep':
      return edit.from === undefined
        ? units.slice(edit.lo, edit.hi)
        : [
            ...units.slice(0, edit.from),
            ...units.slice(edit.lo, edit.hi),
            ...units.slice(edit.to ?? units.length),
          ];
    case 'set': {
      const next = units.slice();
      next[edit.index] = edit.value;
      return next;
    }
    case 'cut': {
      const next: Json[] = [];
      let at = 0;
      const put = edit.text === undefined ? [] : Array.from(edit.text);
      for (const [lo, hi] of edit.spans) {
        for (let i = at; i < lo; i++) next.push(units[i] as Json);
        next.push(...put);
        at = Math.max(at, hi);
      }
      for (let i = at; i < units.length; i++) next.push(units[i] as Json);
      return next;
    }
  }
}

/** How many units a cut removes (its spans are in order and apart). */
export function cutSize(spans: readonly Span[]): number {
  return spans.reduce((sum, [lo, hi]) => sum + hi - lo, 0);
}

/** Applies an edit to an input of `shape` (pure): on its units, or on its tree. */
export function applyEdit(value: Json, edit: Edit, shape: Shape): Json {
  if (KINDS[shape.kind].tree) {
    if (edit.op !== 'delete' || edit.level === undefined) {
      throw new Error('a tree is only edited by removing nodes of a level');
    }
    return removeAt(value, edit.level, edit.lo, edit.hi);
  }
  if (typeof value === 'string' && shape.split !== 'lines' && shape.split !== 'words') {
    const sliced = sliceText(value, edit);
    if (sliced !== null) return sliced;
  }
  return fromUnits(editUnits(toUnits(value, shape), edit), shape);
}

/**
 * A deletion or keep on characters made by slicing the string itself, when every character is
 * one UTF-16 unit (no surrogate pairs): the same result without building an array of 10⁶
 * one-character strings. Null when the text has surrogates, or for a set.
 */
function sliceText(text: string, edit: Edit): string | null {
  if (edit.op === 'set' || edit.op === 'cut' || /[\uD800-\uDFFF]/.test(text)) return null;
  if (edit.op === 'keep' && edit.from !== undefined) return null;
  return edit.op === 'delete'
    ? text.slice(0, edit.lo) + text.slice(edit.hi)
    : text.slice(edit.lo, edit.hi);
}
