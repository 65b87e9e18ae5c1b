import { describe, expect, it } from 'vitest';
import { narrate } from '../../../src/ui/model/narrate.js';
import { exampleFrames } from '../../core/session/sessions.js';

describe('the narration of a program’s trials', () => {
  it('quotes the code each move cuts, and says why an unparsed trial was not run', () => {
    const { frames, shape } = exampleFrames('program-markup');
    const trials = frames.flatMap((frame) => (frame.type === 'trial' ? [frame] : []));
    const said = (move: string) => {
      const frame = trials.find((f) => f.row.move === move);
      return frame ? narrate(frame, shape) : '';
    };
    expect(said('subtrees')).toMatch(/^Trial \d+: cut “.+” \(\d+ characters; subtrees\) → /);
    expect(said('hoist')).toMatch(/^Trial \d+: replace “.+” by its part “.+” \(hoisting\) → /);
    const unparsed = trials.find((f) => f.verdict.error?.name === 'Unparsed');
    expect(unparsed).toBeDefined();
    expect(narrate(unparsed, shape)).toContain(
      'INVALID — rejected, restore. It no longer parses: refused without running the code.',
    );
    // A trial that ran and was INVALID says nothing of parsing.
    const ran = trials.find((f) => f.row.outcome === 'INVALID' && !f.verdict.error);
    expect(ran).toBeDefined();
    expect(narrate(ran, shape)).not.toContain('parses');
  });
});
