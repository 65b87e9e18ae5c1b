import { describe, expect, it } from 'vitest';
import { algorithmStep } from '../../../../src/ui/model/algorithm/step.js';
import { exampleConfig, exampleFrames, SCENARIOS } from '../../../core/session/sessions.js';
import { checkTrial, markedLine, varsOf } from './check.js';

describe('the hdd twin', () => {
  it('shows, in every hdd lesson, each trial’s level and block as sweepLevel computes them', () => {
    const lessons = SCENARIOS.filter((name) => exampleConfig(name).reducer === 'hdd');
    expect(lessons).toContain('deps');
    for (const name of lessons) {
      const { frames, shape } = exampleFrames(name);
      const levels = new Set<number>();
      let accepted = 0;
      let rejected = 0;
      for (const frame of frames) {
        if (frame.type !== 'trial') continue;
        checkTrial('hdd', frame, shape, `${name} trial ${frame.trial}`);
        levels.add(frame.row.level ?? 0);
        if (frame.row.accepted) accepted++;
        else rejected++;
      }
      expect(levels.size, name).toBeGreaterThan(1);
      expect(accepted, name).toBeGreaterThan(0);
      expect(rejected, name).toBeGreaterThan(0);
      const [, confirmed] = frames;
      expect(markedLine(algorithmStep('hdd', confirmed, shape))).toBe('let current = start;');
      const end = algorithmStep('hdd', frames.at(-1), shape);
      expect(markedLine(end)).toBe('return { reduced: current, deletionOnly: true };');
      const last = frames.at(-1);
      expect(varsOf(end).calls).toBe(last?.type === 'end' ? String(last.end.calls) : '?');
    }
  });
});
