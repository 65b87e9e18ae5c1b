import type { Json } from '../input/kinds.js';
import { editsBetween, type UnitEdit } from './edits.js';
import type { MarkedUnits, UnitMark } from './marks.js';
import type { Configuration } from './types.js';

export type { MarkedUnits, UnitMark } from './marks.js';

/** How the picture draws one edit: shown with a mark, or not shown at all (null). */
type EditMark = (index: number, edit: UnitEdit) => UnitMark | null;

/**
 * A trial of an isolation as a picture of units: a subset trial is the passing side (`base`)
 * with the block's edits brought in, a complement trial the failing side (`base`) with them
 * taken out. A unit the block brings in is `added`, one it takes out stays in the picture
 * `removed` (struck through), so that the block shows where it acts.
 */
export function trialView(
  pass: readonly Json[],
  edits: readonly UnitEdit[],
  base: Configuration,
  block: Configuration,
  kind: 'subset' | 'complement',
): MarkedUnits {
  const inBase = new Uint8Array(edits.length);
  const inBlock = new Uint8Array(edits.length);
  for (const index of base) inBase[index] = 1;
  for (const index of block) inBlock[index] = 1;
  return marked(pass, edits, (index, edit) => {
    if (inBlock[index]) {
      // The block's insertions come in (subset) or go out (complement); its deletions the other
      // way round: a deletion brought in takes its unit out, one taken back brings it in.
      const bringsIn = (edit.op === 'insert') === (kind === 'subset');
      return bringsIn ? 'added' : 'removed';
    }
    const inForce = inBase[index] === 1;
    if (edit.op === 'insert') return inForce ? 'kept' : null;
    return inForce ? null : 'kept';
  });
}

/**
 * The passing side turned into the failing side, every edit between them marked: the units the
 * failing side adds `added`, those it drops `removed` (an isolation's difference, drawn).
 */
export function diffView(
  pass: readonly Json[],
  fail: readonly Json[],
  replace = false,
): MarkedUnits {
  return marked(pass, editsBetween(pass, fail, replace), (_, edit) =>
    edit.op === 'insert' ? 'added' : 'removed',
  );
}

/**
 * The passing units and the inserted ones in order, each drawn as `markOf` says: an insertion's
 * mark is its unit's, a deletion's the mark of the passing unit it deletes; a passing unit no
 * edit deletes is kept. A replacement is drawn as both: the passing unit marked as its deletion
 * would be, then the unit put in its place as its insertion would be.
 */
function marked(pass: readonly Json[], edits: readonly UnitEdit[], markOf: EditMark): MarkedUnits {
  // The edits at each place, as typed arrays (a long file has hundreds of thousands): the one
  // deleting its unit, and a list of the inserts before it, in order.
  const deletes = new Int32Array(pass.length).fill(-1);
  const first = new Int32Array(pass.length + 1).fill(-1);
  const last = new Int32Array(pass.length + 1);
  const next = new Int32Array(edits.length).fill(-1);
  edits.forEach((edit, index) => {
    if (edit.op !== 'insert') {
      deletes[edit.at] = index;
      return;
    }
    if (first[edit.at] === -1) first[edit.at] = index;
    else next[last[edit.at] as number] = index;
    last[edit.at] = index;
  });
  const view: MarkedUnits = { units: [], marks: [] };
  const push = (unit: Json, mark: UnitMark | null) => {
    if (mark === null) return;
    view.units.push(unit);
    view.marks.push(mark);
  };
  for (let at = 0; at <= pass.length; at++) {
    for (let index = first[at] as number; index !== -1; index = next[index] as number) {
      const edit = edits[index] as UnitEdit & { op: 'insert' };
      push(edit.unit, markOf(index, edit));
    }
    if (at === pass.length) break;
    const deletion = deletes[at] as number;
    const edit = deletion === -1 ? undefined : (edits[deletion] as UnitEdit);
    push(pass[at] as Json, deletion === -1 ? 'kept' : markOf(deletion, { op: 'delete', at }));
    if (edit?.op === 'replace') {
      push(edit.unit, markOf(deletion, { op: 'insert', at, unit: edit.unit }));
    }
  }
  return view;
}
