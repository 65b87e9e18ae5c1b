import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEdits, editsBetween } from '../../../src/core/isolate/edits.js';

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
});
