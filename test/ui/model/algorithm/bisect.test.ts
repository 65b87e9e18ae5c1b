import { describe, expect, it } from 'vitest';
import { editUnits } from '../../../../src/core/input/edit.js';
import { INT_ARRAY } from '../../../../src/core/input/kinds.js';
import type { Verdict } from '../../../../src/core/oracle/verdict.js';
import { mixedSuite } from '../../../../src/core/reduce/suite.js';
import { Timeline } from '../../../../src/core/run/timeline.js';
import { algorithmStep } from '../../../../src/ui/model/algorithm/step.js';
import { record } from '../../../core/session/sessions.js';
import { markedLine, varsOf } from './check.js';
import { configFor } from './reducers.js';

/** The frames of a recorded `bisect` run of one case of the mixed suite. */
function framesOf(name: string) {
  const suiteCase = mixedSuite().find((c) => c.name === name);
  if (!suiteCase) throw new Error(`no case ${name}`);
  const judge = (input: unknown): Verdict => ({ outcome: suiteCase.judge(input as number[]) });
  const { frames } = Timeline.of(
    record(configFor('bisect', suiteCase.start), judge).messages,
    INT_ARRAY,
  );
  return frames;
}

const TESTS: Record<string, string> = {
  sweep: 'const judged = yield { input: editUnits(current, edit), edit, granularity: parts };',
  keep: 'const judged = yield { input: editUnits(current, edit), edit, granularity: parts };',
  halves: 'const judged = yield { input, edit };',
};
const ACCEPTS: Record<string, string> = {
  sweep: 'accept(edit);',
  keep: 'return edit;',
  halves: 'removed.push(edit);',
};

describe('the bisect twin', () => {
  // k4 bisects (no subset tests); brackets-atom is INVALID-heavy (subset tests).
  for (const name of ['k4@64', 'brackets-atom@64']) {
    it(`shows each trial of ${name} where bisect.ts makes it, with the units that make it`, () => {
      const trials = framesOf(name).filter((frame) => frame.type === 'trial');
      const kinds = new Set<string>();
      for (const frame of trials) {
        const label = `${name}, trial ${frame.trial}`;
        const { row } = frame;
        const kind = row.kept ? 'keep' : row.granularity !== undefined ? 'sweep' : 'halves';
        kinds.add(kind);
        const shown = algorithmStep('bisect', frame, INT_ARRAY);
        const veiled = algorithmStep('bisect', frame, INT_ARRAY, true);
        expect(markedLine(veiled), label).toBe(TESTS[kind]);
        expect(markedLine(shown), label).toBe(
          row.accepted ? ACCEPTS[kind] : 'if (judged.chased) {',
        );
        const v = varsOf(shown);
        expect(v.calls, label).toBe(String(frame.counters.calls));
        expect(varsOf(veiled).calls, label).toBe(String(frame.counters.calls - 1));
        expect(v['judged.outcome'], label).toBe(`"${row.outcome}"`);
        expect(varsOf(veiled)['judged.outcome'], label).toBeUndefined();
        const lo = Number(v.lo);
        const hi = Number(kind === 'halves' ? v.mid : v.hi);
        const op = kind === 'keep' ? 'keep' : 'delete';
        expect(editUnits(row.before as number[], { op, lo, hi }), label).toEqual(row.trial);
        expect(shown.note?.key, label).toBe(
          kind === 'keep'
            ? 'algorithm.note.keep'
            : kind === 'sweep'
              ? 'algorithm.note.sweep'
              : 'algorithm.note.bisect',
        );
      }
      expect([...kinds].sort(), name).toEqual(
        name.startsWith('brackets') ? ['keep', 'sweep'] : ['halves', 'sweep'],
      );
    });
  }

  it('starts and ends where the listing says', () => {
    const frames = framesOf('one@64');
    expect(markedLine(algorithmStep('bisect', frames[1], INT_ARRAY))).toBe(
      'let current = start.slice();',
    );
    const end = algorithmStep('bisect', frames.at(-1), INT_ARRAY);
    expect(markedLine(end)).toBe('return { reduced: current, deletionOnly: true };');
    expect(varsOf(end)).toMatchObject({ 'current.length': '1' });
  });
});
