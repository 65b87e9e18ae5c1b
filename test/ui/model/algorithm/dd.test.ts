import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DD, ddStep } from '../../../../src/ui/model/algorithm/dd.js';
import { algorithmStep } from '../../../../src/ui/model/algorithm/step.js';
import { exampleFrames } from '../../../core/session/sessions.js';

describe('the dd pane', () => {
  it('is a twin of the source: every line it stops at is a line of dd.ts', () => {
    const source = readFileSync('src/core/isolate/dd.ts', 'utf8')
      .split('\n')
      // Types left out, as the listing has them.
      .map((line) => line.trim().replace(/: Configuration\b/g, ''));
    for (const stop of [
      'let pass = start.pass.slice();',
      'const move = moveMade(trial, yield trial);',
      'if (!move) continue;',
      "if (move.startsWith('increase')) pass = config;",
      'else fail = config;',
      'return { pass, fail, difference: difference(fail, pass) };',
    ]) {
      expect(DD.map((line) => line.trim())).toContain(stop);
      expect(source).toContain(stop);
    }
  });

  it('follows every isolation lesson: each trial stops where its recorded move was made', () => {
    for (const name of ['isolate-markup', 'isolate-article']) {
      const { frames, shape } = exampleFrames(name);
      for (const frame of frames) {
        // The reducer named for simplifying does not matter: an isolation's frames are dd's.
        const step = algorithmStep('chunks', frame, shape);
        expect(step).toEqual(ddStep(frame, shape));
        if (frame.type !== 'trial') continue;
        const moved = frame.row.isolation?.moved;
        const line = DD[(step.line ?? 0) - 1]?.trim();
        expect(line, name).toBe(
          !moved
            ? 'if (!move) continue;'
            : moved.startsWith('increase')
              ? "if (move.startsWith('increase')) pass = config;"
              : 'else fail = config;',
        );
        expect(step.vars).toContainEqual(['n', String(frame.row.granularity)]);
        const veiled = ddStep(frame, shape, true);
        expect(DD[(veiled.line ?? 0) - 1]?.trim()).toBe(
          'const move = moveMade(trial, yield trial);',
        );
        expect(veiled.vars.some(([name]) => name === 'move')).toBe(false);
      }
    }
  });
});
