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
  const inserts = new Map<number, Json[]>();
  const deleted = new Set<number>();
  for (const index of config) {
    const edit = edits[index];
    if (!edit) throw new Error(`no edit ${index}: there are ${edits.length}`);
    if (edit.op !== 'insert') deleted.add(edit.at);
    if (edit.op !== 'delete') {
      const here = inserts.get(edit.at);
      if (here) here.push(edit.unit);
      else inserts.set(edit.at, [edit.unit]);
    }
  }
  const out: Json[] = [];
  for (let at = 0; at <= pass.length; at++) {
    const here = inserts.get(at);
    // One at a time: a spread of many thousand arguments overflows the stack.
    if (here) for (const unit of here) out.push(unit);
    if (at < pass.length && !deleted.has(at)) out.push(pass[at] as Json);
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
