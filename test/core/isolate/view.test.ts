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
});
