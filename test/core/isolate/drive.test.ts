import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Json, Shape } from '../../../src/core/input/kinds.js';
import { IsolateError, type IsolateEvent, isolate } from '../../../src/core/isolate/drive.js';
import { applyEdits, editsBetween } from '../../../src/core/isolate/edits.js';
import type { Outcome, Verdict } from '../../../src/core/oracle/verdict.js';
import { stepThroughSync } from '../../../src/core/reduce/runner.js';

/** A predicate oracle: FAIL, PASS or INVALID from the input alone. */
const by =
  (outcome: (input: Json) => Outcome) =>
  (input: Json): Verdict => ({ outcome: outcome(input) });

const STRING: Shape = { kind: 'string', split: 'chars' };

describe('isolate', () => {
  it('isolates the one element whose addition makes an input fail, from the empty input', () => {
    const events: IsolateEvent[] = [];
    const result = stepThroughSync(
      isolate([], [1, 2, 7, 3, 4, 5, 6, 8], { onEvent: (event) => events.push(event) }),
      by((a) => ((a as number[]).includes(7) ? 'FAIL' : 'PASS')),
    );
    expect(result.difference).toEqual([{ op: 'insert', at: 0, unit: 7 }]);
    expect(result.fail).toEqual(
      [...(result.pass as number[]), 7]
        .sort((x, y) => x - y)
        .filter((x) => (result.fail as number[]).includes(x)),
    );
    expect(result.verification).toMatchObject({ verified: true, oneMinimal: true });
    // About log2 of the 8 units: far fewer trials than simplifying would need.
    expect(result.history.length).toBeLessThanOrEqual(4);
    expect(events.find((event) => event.type === 'confirmed')).toMatchObject({ side: 'fail' });
    expect(events.some((event) => event.type === 'confirmed' && event.side === 'pass')).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'verified' });
  });

  it('isolates between two unrelated inputs by the edits of their diff', () => {
    const pass = [1, 2, 3, 4];
    const fail = [1, 9, 3, 4, 5];
    const result = stepThroughSync(
      isolate(pass, fail),
      by((a) => {
        const xs = a as number[];
        return xs.includes(9) && xs.includes(5) ? 'FAIL' : 'PASS';
      }),
    );
    expect(result.edits).toHaveLength(3); // 2 out, 9 in, 5 in
    // The passing side takes in what passes with it (the 9 alone passes): one edit is left, and
    // the sides differ by it alone.
    expect(result.difference).toHaveLength(1);
    expect(result.pass).toEqual([1, 9, 3, 4]);
    expect(result.fail).toEqual([1, 9, 3, 4, 5]);
    expect(result.verification.verified).toBe(true);
  });

  it('isolates a quote between two strings, as the markup lesson does', () => {
    const result = stepThroughSync(
      isolate('<b>foo</b>', '"<b>foo</b>"', { shape: STRING }),
      by((s) => ((s as string).includes('"') ? 'FAIL' : 'PASS')),
    );
    expect(result.difference).toHaveLength(1);
    expect(result.fail).toMatch(/"/);
    expect(result.pass).not.toMatch(/"/);
    expect(result.verification.verified).toBe(true);
  });

  it('refuses a passing side that does not pass, and a failing side that does not fail', () => {
    const judge = by((a) =>
      (a as number[]).length === 0 ? 'INVALID' : (a as number[]).includes(7) ? 'FAIL' : 'PASS',
    );
    expect(() => stepThroughSync(isolate([], [7, 1]), judge)).toThrow(IsolateError);
    expect(() => stepThroughSync(isolate([1], [2, 1]), judge)).toThrow(/does not fail/);
  });

  it('checks the start as the mode needs it, as the synchronous isolation does', () => {
    const judge = by((a) => ((a as number[]).includes(7) ? 'FAIL' : 'PASS'));
    const run = (pass: number[], fail: number[], mode: '-' | '+' | '+-') =>
      stepThroughSync(isolate(pass, fail, { mode }), judge);
    // Mode +: the failing side stays fixed and must not pass (it used to be taken, unverified).
    expect(() => run([1], [1, 2], '+')).toThrow(/the failing input passes/);
    expect(run([1], [1, 7], '+').verification.verified).toBe(true);
    // Mode -: the passing side stays fixed and must not fail; it need not pass.
    expect(() => run([7], [7, 1], '-')).toThrow(/fails too/);
    const invalid = by((a) =>
      (a as number[]).length === 0 ? 'INVALID' : (a as number[]).includes(7) ? 'FAIL' : 'PASS',
    );
    expect(stepThroughSync(isolate([], [7, 1], { mode: '-' }), invalid).fail).toEqual([7]);
    // Mode +-: both sides must be what they say.
    expect(() => run([7], [7, 1], '+-')).toThrow(/fails too/);
    expect(() => run([1], [1, 2], '+-')).toThrow(/does not fail/);
  });

  it('stops at its trial budget, unverified, with the sides it had', () => {
    const result = stepThroughSync(
      isolate(
        [],
        Array.from({ length: 64 }, (_, i) => i),
        { maxTrials: 2 },
      ),
      by((a) => ((a as number[]).includes(40) ? 'FAIL' : 'PASS')),
    );
    expect(result.stopped).toBe('max-trials');
    expect(result.history).toHaveLength(2);
    expect(result.verification.verified).toBe(false);
    expect(result.fail as number[]).toContain(40);
  });
});

describe('edits', () => {
  it('apply to give the passing side (none), the failing side (all), and anything between', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 12 }),
        fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 12 }),
        (pass, fail) => {
          const edits = editsBetween(pass, fail);
          expect(applyEdits(pass, edits, [])).toEqual(pass);
          expect(
            applyEdits(
              pass,
              edits,
              edits.map((_, i) => i),
            ),
          ).toEqual(fail);
        },
      ),
    );
  });
});
