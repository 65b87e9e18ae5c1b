import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEdits, editsBetween } from '../../../src/core/isolate/edits.js';
import { diffView, trialView } from '../../../src/core/isolate/view.js';

const UNITS = fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 10 });

describe('pictures of an isolation', () => {
  it('draw a trial as the side it starts from and the input it tries, for any block', () => {
    fc.assert(
      fc.property(
        UNITS,
        UNITS,
        fc.array(fc.nat()),
        fc.array(fc.nat()),
        fc.boolean(),
        (pass, fail, a, b, replace) => {
          const edits = editsBetween(pass, fail, replace);
          const n = edits.length;
          const pick = (xs: number[]) =>
            [...new Set(xs.map((x) => x % Math.max(1, n)))]
              .filter((x) => x < n)
              .sort((x, y) => x - y);
          const base = pick(a);
          const block = pick(b).filter((x) => !base.includes(x));
          const kept = (view: ReturnType<typeof trialView>, drop: string) =>
            view.units.filter((_, i) => view.marks[i] !== drop);
          // Subset: the passing side (base), the block brought in.
          const subset = trialView(pass, edits, base, block, 'subset');
          expect(kept(subset, 'added')).toEqual(applyEdits(pass, edits, base));
          expect(kept(subset, 'removed')).toEqual(
            applyEdits(
              pass,
              edits,
              [...base, ...block].sort((x, y) => x - y),
            ),
          );
          // Complement: the failing side (base and block), the block taken out.
          const whole = [...base, ...block].sort((x, y) => x - y);
          const complement = trialView(pass, edits, whole, block, 'complement');
          expect(kept(complement, 'added')).toEqual(applyEdits(pass, edits, whole));
          expect(kept(complement, 'removed')).toEqual(applyEdits(pass, edits, base));
        },
      ),
    );
  });

  it('draw the difference of two sides: the failing side with what it adds and drops marked', () => {
    const view = diffView([1, 2, 3], [1, 9, 3, 5]);
    expect(view.units).toEqual([1, 2, 9, 3, 5]);
    expect(view.marks).toEqual(['kept', 'removed', 'added', 'kept', 'added']);
  });

  it('draw a replaced unit as the unit taken out, then the one put in its place', () => {
    const view = diffView(['a', 'b', 'c'], ['a', 'B', 'c', 'd'], true);
    expect(view.units).toEqual(['a', 'b', 'B', 'c', 'd']);
    expect(view.marks).toEqual(['kept', 'removed', 'added', 'kept', 'added']);
  });

  it('draw the end of an isolation whose sides differ everywhere at once', {
    timeout: 20_000,
  }, () => {
    // The page drew 3,000 such units in a task of seconds (an unbounded diff, quadratic); twenty
    // thousand took minutes. Now the diff and the picture are linear in the sides.
    const pass = Array.from({ length: 20_000 }, (_, i) => i);
    const fail = pass.map((unit) => -1 - unit);
    for (const replace of [false, true]) {
      const view = diffView(pass, fail, replace);
      expect(view.units).toHaveLength(40_000);
      expect(view.marks.filter((mark) => mark === 'added')).toHaveLength(20_000);
    }
    const lines = pass.map((unit) => `line ${unit}`);
    const trial = trialView(lines, editsBetween(lines, fail.map(String)), [], [0, 1], 'subset');
    // The block deletes the first two lines: struck through, the others kept.
    expect(trial.units).toHaveLength(20_000);
    expect(trial.marks.slice(0, 3)).toEqual(['removed', 'removed', 'kept']);
  });
});
