import { diffArrays } from 'diff';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Json } from '../../../src/core/input/kinds.js';
import { sameValue } from '../../../src/core/input/value.js';
import { applyEdits, editsBetween, type UnitEdit } from '../../../src/core/isolate/edits.js';

const LINES = fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 12 });
const all = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('edits between a passing and a failing sequence', () => {
  it('give the passing side with none applied and the failing side with all, replacements or not', () => {
    fc.assert(
      fc.property(LINES, LINES, fc.boolean(), (pass, fail, replace) => {
        const edits = editsBetween(pass, fail, replace);
        expect(applyEdits(pass, edits, [])).toEqual(pass);
        expect(applyEdits(pass, edits, all(edits.length))).toEqual(fail);
      }),
    );
  });

  it('pair a hunk’s removed and added units into replacements, never more edits than without', () => {
    fc.assert(
      fc.property(LINES, LINES, (pass, fail) => {
        const plain = editsBetween(pass, fail);
        const paired = editsBetween(pass, fail, true);
        const replaced = paired.filter((edit) => edit.op === 'replace').length;
        expect(paired.length).toBe(plain.length - replaced);
        // Any subset of the replacements applies to a sequence as long as the passing side.
        const only = paired.flatMap((edit, i) => (edit.op === 'replace' ? [i] : []));
        expect(applyEdits(pass, paired, only)).toHaveLength(pass.length);
      }),
    );
  });

  it('make a changed line one edit: yesterday’s line out and today’s in, at its place', () => {
    const yesterday = ['f(a) {', '  let best = a[0];', '  return best;', '}'];
    const today = ['f(a) {', '  let best = 0;', '  return best;', '}', ''];
    expect(editsBetween(yesterday, today, true)).toEqual([
      { op: 'replace', at: 1, unit: '  let best = 0;' },
      { op: 'insert', at: 4, unit: '' },
    ]);
    expect(editsBetween(yesterday, today)).toEqual([
      { op: 'delete', at: 1 },
      { op: 'insert', at: 2, unit: '  let best = 0;' },
      { op: 'insert', at: 4, unit: '' },
    ]);
    // Three lines changed into two: two replacements and a deletion.
    expect(editsBetween(['x', 'a', 'b', 'c', 'y'], ['x', 'A', 'B', 'y'], true)).toEqual([
      { op: 'replace', at: 1, unit: 'A' },
      { op: 'replace', at: 2, unit: 'B' },
      { op: 'delete', at: 3 },
    ]);
  });

  it('are those of a shortest diff, as they always were, when the sides are not long', () => {
    // Values equal as sameValue has it (members in any order, -0 apart from 0) are one unit.
    const UNIT = fc.constantFrom<Json>(
      'a',
      'b',
      0,
      -0,
      null,
      [1, 2],
      { x: 1, y: [2] },
      { y: [2], x: 1 },
    );
    const SIDE = fc.array(UNIT, { maxLength: 30 });
    fc.assert(
      fc.property(SIDE, SIDE, fc.boolean(), (pass, fail, replace) => {
        expect(editsBetween(pass, fail, replace)).toEqual(shortestEdits(pass, fail, replace));
      }),
      { numRuns: 300 },
    );
  });

  it('between 200,000 lines and as many others, every one changed, come at once', {
    timeout: 20_000,
  }, () => {
    // Before the diff was bounded, this took hours (Myers' diff is quadratic in a total change).
    const pass = Array.from({ length: 200_000 }, (_, i) => `line ${i}\n`);
    const fail = pass.map((line) => line.replace('\n', '\r\n'));
    for (const replace of [false, true]) {
      const edits = editsBetween(pass, fail, replace);
      expect(edits).toHaveLength(replace ? 200_000 : 400_000);
      expect(applyEdits(pass, edits, all(edits.length))).toEqual(fail);
    }
  });
});

/** The edits as they were made before the diff was bounded: Myers' diff of the values. */
function shortestEdits(pass: Json[], fail: Json[], replace: boolean): UnitEdit[] {
  let at = 0;
  const inserted: UnitEdit[] = [];
  for (const unit of fail) {
    if (at < pass.length && sameValue(pass[at] as Json, unit)) at++;
    else inserted.push({ op: 'insert', at, unit });
  }
  if (at === pass.length) return inserted;
  const edits: UnitEdit[] = [];
  at = 0;
  const changes = diffArrays(pass, fail, { comparator: sameValue });
  for (let i = 0; i < changes.length; i++) {
    const change = changes[i] as (typeof changes)[number];
    if (change.added) {
      for (const unit of change.value) edits.push({ op: 'insert', at, unit });
    } else if (change.removed) {
      const next = changes[i + 1];
      const put = replace && next?.added ? next.value : [];
      if (put.length > 0) i++;
      for (let k = 0; k < change.count; k++) {
        const unit = put[k] as Json;
        edits.push(
          k < put.length ? { op: 'replace', at: at + k, unit } : { op: 'delete', at: at + k },
        );
      }
      at += change.count;
      for (const unit of put.slice(change.count)) edits.push({ op: 'insert', at, unit });
    } else at += change.count;
  }
  return edits;
}
