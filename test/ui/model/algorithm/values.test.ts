import { describe, expect, it } from 'vitest';
import { shapeOf } from '../../../../src/core/input/kinds.js';
import { Timeline } from '../../../../src/core/run/timeline.js';
import { algorithmStep } from '../../../../src/ui/model/algorithm/step.js';
import { exampleFrames, record } from '../../../core/session/sessions.js';
import { checkTrial, markedLine, varsOf } from './check.js';
import { configFor, judgeBy } from './reducers.js';

describe('the values twin', () => {
  it('follows the values lesson: deletion to [-7], then 0, then bisection to -1', () => {
    const { frames, shape } = exampleFrames('article-values');
    const seen: string[] = [];
    for (const frame of frames) {
      if (frame.type !== 'trial') continue;
      const kind = checkTrial('values', frame, shape, `trial ${frame.trial}`);
      seen.push(`${kind}${frame.row.accepted ? '+' : '-'}`);
      const step = algorithmStep('values', frame, shape);
      expect(step.listing?.name).toBe(kind === 'delete' ? 'deleteBlocks' : 'values');
    }
    // The value pass changed -1, so it runs again after deletion (nothing left to delete): 0 again.
    expect(seen).toEqual([
      'delete+',
      'delete+',
      'delete+',
      'delete+',
      'zero-',
      'bisect+',
      'bisect+',
      'zero-',
    ]);
    const bisect = frames.find((f) => f.type === 'trial' && f.trial === 6);
    expect(varsOf(algorithmStep('values', bisect, shape))).toMatchObject({
      index: '0',
      failing: '-7',
      mid: '-3',
    });
    const end = algorithmStep('values', frames.at(-1), shape);
    expect(markedLine(end)).toBe('return { reduced: current, deletionOnly };');
    expect(varsOf(end)).toMatchObject({ deletionOnly: 'false' });
  });

  it('simplifies characters on a run of the real reducer', () => {
    // Fails while the text holds a double quote and one more character.
    const config = configFor('values', 'xb<"q', { kind: 'string', split: 'chars' });
    const judge = judgeBy((a) => typeof a === 'string' && a.includes('"') && a.length >= 2);
    const { messages } = record(config, judge);
    const shape = shapeOf(config);
    const { frames } = Timeline.of(messages, shape);
    const kinds = frames.flatMap((frame) =>
      frame.type === 'trial'
        ? [
            `${checkTrial('values', frame, shape, `trial ${frame.trial}`)}${frame.row.accepted ? '+' : '-'}`,
          ]
        : [],
    );
    expect(kinds).toContain('simplify+');
    expect(kinds).toContain('simplify-');
    expect(frames.at(-1)).toMatchObject({ type: 'end', end: { reduced: '"a' } });
  });
});
