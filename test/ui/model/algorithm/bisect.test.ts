import { describe, expect, it } from 'vitest';
import { INT_ARRAY } from '../../../../src/core/input/kinds.js';
import type { Verdict } from '../../../../src/core/oracle/verdict.js';
import { mixedSuite } from '../../../../src/core/reduce/suite.js';
import { Timeline } from '../../../../src/core/run/timeline.js';
import { algorithmStep } from '../../../../src/ui/model/algorithm/step.js';
import { record } from '../../../core/session/sessions.js';
import { checkTrial, markedLine, varsOf } from './check.js';
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

describe('the bisect twin', () => {
  // k4 bisects (no subset tests); brackets-atom is INVALID-heavy (subset tests).
  for (const name of ['k4@64', 'brackets-atom@64']) {
    it(`shows each trial of ${name} where bisect.ts makes it, with the units that make it`, () => {
      const trials = framesOf(name).filter((frame) => frame.type === 'trial');
      const kinds = new Set<string>();
      for (const frame of trials) {
        kinds.add(checkTrial('bisect', frame, INT_ARRAY, `${name}, trial ${frame.trial}`));
        const kind = frame.row.kept ? 'keep' : frame.row.granularity ? 'sweep' : 'bisect';
        expect(algorithmStep('bisect', frame, INT_ARRAY).note?.key).toBe(`algorithm.note.${kind}`);
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
