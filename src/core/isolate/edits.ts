import { diffValues } from '../diff/bounded.js';
import type { Json } from '../input/kinds.js';
import { sameValue } from '../input/value.js';
import type { Configuration } from './types.js';

/**
 * One unit's change between a passing and a failing sequence of units: a unit inserted before
 * the passing side's unit `at` (at its end when `at` is its length), the passing side's unit
 * `at` deleted, or (with replacements, see {@link editsBetween}) replaced by `unit`. A
 * configuration of edits applies some of them to the passing side: none gives the passing input,
 * all give the failing one.
 */
export type UnitEdit =
  | { op: 'insert'; at: number; unit: Json }
  | { op: 'delete'; at: number }
  | { op: 'replace'; at: number; unit: Json };

/**
 * The edits that turn `pass` into `fail`, in order, one per unit: the inserts alone when `pass`
 * is a subsequence of `fail` (the units of `fail` it lacks, as `dd` starting from the empty
 * input has it), else those of a diff between them (see `boundedDiff`: a shortest one, by
 * Myers' algorithm, unless that takes too long; then an anchored one, in time linear in their
 * lengths), a unit's deletion before the insertions at the same place. With `replace`, the
 * units a hunk of the diff removes and those it puts in their place are paired in order, each
 * pair one edit (a changed line of code, as a developer reads a diff), the rest deletions or
 * insertions.
 */
export function editsBetween(
  pass: readonly Json[],
  fail: readonly Json[],
  replace = false,
): UnitEdit[] {
  const inserted = subsequenceInserts(pass, fail);
  if (inserted) return inserted;
  // An isolation asks for the same edits more than once (its driver, its transcript, the trials
  // judged ahead): the last ones are kept, and comparing the units again is quicker than a diff.
  const known = lastAsked;
  if (known?.replace === replace && sameUnits(known.pass, pass) && sameUnits(known.fail, fail)) {
    return known.edits.slice();
  }
  const edits = diffEdits(pass, fail, replace);
  lastAsked = { pass: pass.slice(), fail: fail.slice(), replace, edits: edits.slice() };
  return edits;
}

/** The edits {@link editsBetween} found last, and what it found them between. */
let lastAsked:
  | { pass: readonly Json[]; fail: readonly Json[]; replace: boolean; edits: UnitEdit[] }
  | undefined;

/** Whether two sequences have the same units, as `sameValue` has it. */
function sameUnits(a: readonly Json[], b: readonly Json[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i] && !sameValue(a[i] as Json, b[i] as Json)) return false;
  }
  return true;
}

/** The edits of a diff from `pass` to `fail` (see {@link editsBetween}). */
function diffEdits(pass: readonly Json[], fail: readonly Json[], replace: boolean): UnitEdit[] {
  const edits: UnitEdit[] = [];
  const runs = diffValues(pass, fail);
  let at = 0;
  let next = 0;
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i] as (typeof runs)[number];
    if (run.kind === 'added') {
      for (let k = 0; k < run.count; k++)
        edits.push({ op: 'insert', at, unit: fail[next++] as Json });
    } else if (run.kind === 'removed') {
      const following = runs[i + 1];
      const put = replace && following?.kind === 'added' ? following.count : 0;
      if (put > 0) i++;
      for (let k = 0; k < run.count; k++) {
        edits.push(
          k < put
            ? { op: 'replace', at: at + k, unit: fail[next++] as Json }
            : { op: 'delete', at: at + k },
        );
      }
      at += run.count;
      for (let k = run.count; k < put; k++)
        edits.push({ op: 'insert', at, unit: fail[next++] as Json });
    } else {
      at += run.count;
      next += run.count;
    }
  }
  return edits;
}

/**
 * The passing units with the edits of `config` applied (indices into `edits`, ascending): every
 * insert at a place comes before the unit there, in the order of the edits.
 */
export function applyEdits(
  pass: readonly Json[],
  edits: readonly UnitEdit[],
  config: Configuration,
): Json[] {
  // Typed arrays, not maps: an isolation of a long file applies hundreds of thousands of edits
  // on every trial. The inserts at each place are a list, in the order of the edits.
  const deleted = new Uint8Array(pass.length);
  const first = new Int32Array(pass.length + 1).fill(-1);
  const last = new Int32Array(pass.length + 1);
  const next = new Int32Array(edits.length);
  for (const index of config) {
    const edit = edits[index];
    if (!edit) throw new Error(`no edit ${index}: there are ${edits.length}`);
    if (edit.op !== 'insert') deleted[edit.at] = 1;
    if (edit.op !== 'delete') {
      next[index] = -1;
      if (first[edit.at] === -1) first[edit.at] = index;
      else next[last[edit.at] as number] = index;
      last[edit.at] = index;
    }
  }
  const out: Json[] = [];
  for (let at = 0; at <= pass.length; at++) {
    for (let index = first[at] as number; index !== -1; index = next[index] as number) {
      out.push((edits[index] as UnitEdit & { unit: Json }).unit);
    }
    if (at < pass.length && !deleted[at]) out.push(pass[at] as Json);
  }
  return out;
}

/**
 * When `pass` is a subsequence of `fail`, the units of `fail` it lacks as inserts (matching
 * each unit of `pass` to the first equal unit of `fail` left): linear, where a diff of an empty
 * side against a long one would take the square of its length. Null otherwise.
 */
function subsequenceInserts(pass: readonly Json[], fail: readonly Json[]): UnitEdit[] | null {
  const edits: UnitEdit[] = [];
  let at = 0;
  for (const unit of fail) {
    if (at < pass.length && sameValue(pass[at] as Json, unit)) at++;
    else edits.push({ op: 'insert', at, unit });
  }
  return at === pass.length ? edits : null;
}
