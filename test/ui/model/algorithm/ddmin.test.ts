import { describe, expect, it } from 'vitest';
import { algorithmStep } from '../../../../src/ui/model/algorithm/step.js';
import { exampleConfig, exampleFrames, SCENARIOS } from '../../../core/session/sessions.js';
import { checkTrial, markedLine, varsOf } from './check.js';

describe('the ddmin twin', () => {
  it('follows the ddmin lesson: the first subset kept, 12 → 6', () => {
    const { frames, shape } = exampleFrames('article-ddmin');
    const [, confirmed, first, , , end] = frames;
    const start = algorithmStep('ddmin', confirmed, shape);
    expect(start.listing?.file).toBe('src/core/reduce/ddmin.ts');
    expect(markedLine(start)).toBe('let current = start.slice();');
    expect(varsOf(start)).toEqual({ 'current.length': '12', calls: '1' });
    const trial = algorithmStep('ddmin', first, shape);
    expect(markedLine(trial)).toBe('current = kept;');
    expect(varsOf(trial)).toEqual({
      length: '12',
      parts: '2',
      i: '0',
      lo: '0',
      hi: '6',
      calls: '2',
      'judged.outcome': '"FAIL"',
      'judged.chased': 'true',
    });
    expect(trial.note).toEqual({ key: 'algorithm.note.keep', values: { block: 0, parts: 2 } });
    const veiled = algorithmStep('ddmin', first, shape, true);
    expect(markedLine(veiled)).toBe('const judged = yield kept;');
    expect(varsOf(veiled).calls).toBe('1');
    const last = algorithmStep('ddmin', end, shape);
    expect(markedLine(last)).toBe('return { reduced: current, deletionOnly: true };');
    expect(varsOf(last)).toEqual({ 'current.length': '1', calls: '4' });
  });

  it('shows, in every ddmin lesson, each trial’s block and verdict as ddmin computes them', () => {
    const lessons = SCENARIOS.filter(
      (name) => exampleConfig(name).reducer === 'ddmin' && !exampleConfig(name).isolate,
    );
    expect(lessons).toEqual(expect.arrayContaining(['article-ddmin', 'select']));
    const seen = new Set<string>();
    for (const name of lessons) {
      const { frames, shape } = exampleFrames(name);
      for (const frame of frames) {
        if (frame.type !== 'trial') continue;
        const kind = checkTrial('ddmin', frame, shape, `${name} trial ${frame.trial}`);
        seen.add(`${kind} ${frame.row.accepted ? 'accepted' : 'rejected'}`);
      }
    }
    // Subsets and complements, kept and put back, all occur.
    expect([...seen].sort()).toEqual([
      'delete accepted',
      'delete rejected',
      'keep accepted',
      'keep rejected',
    ]);
  });
});
