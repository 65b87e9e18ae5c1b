import { describe, expect, it } from 'vitest';
import { INT_ARRAY } from '../../../../src/core/input/kinds.js';
import { Timeline } from '../../../../src/core/run/timeline.js';
import { algorithmStep } from '../../../../src/ui/model/algorithm/step.js';
import { record } from '../../../core/session/sessions.js';
import { checkTrial, markedLine, varsOf } from './check.js';
import { configFor, judgeBy } from './reducers.js';

describe('the chunks-resume twin', () => {
  // No lesson runs chunks-resume: the four-block lesson's rule, run by the real reducer.
  const config = configFor('chunks-resume', [1, 2, 3, 4, 5, 6, 7, 8]);
  const judge = judgeBy((a) => Array.isArray(a) && a.includes(1) && a.includes(5));
  const { frames } = Timeline.of(record(config, judge).messages, INT_ARRAY);

  it('shows each trial’s block as deleteBlocks computes it, with resume on', () => {
    const trials = frames.filter((frame) => frame.type === 'trial');
    expect(trials.length).toBeGreaterThan(5);
    for (const frame of trials)
      checkTrial('chunks-resume', frame, INT_ARRAY, `trial ${frame.trial}`);
    expect(trials.some((f) => f.row.accepted)).toBe(true);
    expect(trials.some((f) => !f.row.accepted)).toBe(true);
  });

  it('resumes at the block it removed: after removing block i, the next trial removes block i', () => {
    const trials = frames.filter((frame) => frame.type === 'trial');
    for (let k = 0; k + 1 < trials.length; k++) {
      const here = trials[k];
      const next = trials[k + 1];
      if (!here?.row.accepted || !next) continue;
      const after = varsOf(algorithmStep('chunks-resume', next, INT_ARRAY));
      const parts = Number(after.parts);
      const i = Number(varsOf(algorithmStep('chunks-resume', here, INT_ARRAY)).i);
      // offset = resume ? accepted : 0, and the next round starts at k = 0: i = offset % parts.
      expect(Number(after.i), `trial ${next.trial}`).toBe(i % parts);
    }
  });

  it('starts and ends where the listing says', () => {
    expect(markedLine(algorithmStep('chunks-resume', frames[1], INT_ARRAY))).toBe(
      'let current = start.slice();',
    );
    const end = algorithmStep('chunks-resume', frames.at(-1), INT_ARRAY);
    expect(markedLine(end)).toBe(
      'return { reduced: yield* deleteBlocks(start, true), deletionOnly: true };',
    );
    expect(varsOf(end)).toMatchObject({ 'current.length': '2' });
  });
});
