import { applyEdit, type Edit } from '../input/edit.js';
import { KINDS } from '../input/kinds/registry.js';
import { INT_ARRAY, type Json, type Shape } from '../input/kinds.js';
import { toUnits } from '../input/units.js';
import { sameValue, sizeOf } from '../input/value.js';
import type { HistoryRow } from './types.js';

/**
 * Checks that a history is consistent: each trial is its `before` with exactly the recorded
 * edit applied, each row starts from the input left by the last accepted row, and accepted
 * deletions strictly shrink the input. Returns the problems found (empty when consistent).
 */
export function historyProblems(
  start: Json,
  history: readonly HistoryRow[],
  shape: Shape = INT_ARRAY,
): string[] {
  const problems: string[] = [];
  let current: Json = start;
  history.forEach((row, k) => {
    const at = `history row ${k + 1}`;
    if (!sameValue(row.before, current)) problems.push(`${at}: before is not the current input`);
    const expected = expectedTrial(row, shape);
    if (expected === null) problems.push(`${at}: no edit recorded`);
    else if (!sameValue(row.trial, expected)) {
      problems.push(`${at}: trial is not before with the recorded edit applied`);
    }
    if (row.accepted) {
      const deletion = row.removed || row.kept || row.cut;
      if (deletion && sizeOf(row.trial, shape) >= sizeOf(row.before, shape)) {
        problems.push(`${at}: an accepted deletion did not shrink the input`);
      }
      current = row.trial;
    }
  });
  return problems;
}

/** The trial a row's edit makes of its `before`, or null when the row records no edit. */
function expectedTrial(row: HistoryRow, shape: Shape): Json | null {
  let edit: Edit;
  if (row.removed) {
    edit = {
      op: 'delete',
      lo: row.removed[0],
      hi: row.removed[1],
      ...(row.level !== undefined ? { level: row.level } : {}),
    };
  } else if (row.kept) {
    const [lo, hi] = row.kept;
    edit = row.keptIn
      ? { op: 'keep', lo, hi, from: row.keptIn[0], to: row.keptIn[1] }
      : { op: 'keep', lo, hi };
  } else if (row.cut) {
    edit = {
      op: 'cut',
      spans: row.cut,
      ...(row.cutText !== undefined ? { text: row.cutText } : {}),
    };
  } else if (row.set) {
    const units = KINDS[shape.kind].tree ? [] : toUnits(row.before, shape);
    if (!sameValue(units[row.set.index] ?? null, row.set.from)) return null;
    edit = { op: 'set', index: row.set.index, value: row.set.to };
  } else return null;
  try {
    return applyEdit(row.before, edit, shape);
  } catch {
    return null;
  }
}
