import { describe, expect, it } from 'vitest';
import type { Shape } from '../../../../src/core/input/kinds.js';
import type { Outcome } from '../../../../src/core/oracle/verdict.js';
import { Timeline } from '../../../../src/core/run/timeline.js';
import type { ReduceTask } from '../../../../src/core/session/config.js';
import { readSession } from '../../../../src/core/session/format/reader.js';
import { writeSession } from '../../../../src/core/session/format/writer.js';
import { algorithmStep } from '../../../../src/ui/model/algorithm/step.js';
import { SYNTAX } from '../../../../src/ui/model/algorithm/syntax.js';
import { counterClock, record } from '../../../core/session/sessions.js';
import { markedLine, varsOf } from './check.js';

const SHAPE: Shape = { kind: 'string', split: 'syntax' };

describe('the syntax reducer’s loop', () => {
  it('stops each trial in attempt, naming its move and spans, as the recorded rows say', () => {
    // A program read by the generic moves (no grammar): fails while it holds both a and z.
    const config: ReduceTask = {
      task: 'reduce',
      code: { language: 'js', outcome: { source: '' } },
      kind: 'string',
      split: 'syntax',
      reducer: 'syntax',
      chase: { kind: 'wrong-answer' },
      cache: true,
      budgets: { callMs: 1000 },
      input: 'f(a, b);\n{ c(d); }\ng(z);\n',
    };
    const judge = (input: unknown): { outcome: Outcome } => ({
      outcome: /a/.test(String(input)) && /z/.test(String(input)) ? 'FAIL' : 'PASS',
    });
    const { messages, session } = record(config, judge, { clock: counterClock() });
    // The moves are kept in the session, packed and read back.
    const read = readSession(writeSession(session));
    const decisions = (events: typeof session.events) =>
      events.flatMap((event) => (event.type === 'decision' ? [event.move] : []));
    expect(decisions(read.events)).toEqual(decisions(session.events));
    const frames = Timeline.of(messages, SHAPE).frames;
    const moves = new Set<string>();
    for (const frame of frames) {
      if (frame.type !== 'trial') continue;
      const shown = algorithmStep('syntax', frame, SHAPE);
      const veiled = algorithmStep('syntax', frame, SHAPE, true);
      const vars = varsOf(shown);
      expect(vars.move).toBe(`"${frame.row.move}"`);
      expect(JSON.parse(vars['made.spans'] ?? '')).toEqual(frame.row.cut);
      expect(vars['judged.chased']).toBe(String(frame.row.accepted));
      expect(markedLine(shown)).toBe(
        frame.row.accepted ? 'program.accept(ranges);' : 'if (!judged.chased) return false;',
      );
      expect(markedLine(veiled)).toMatch(/^const judged = yield/);
      expect(varsOf(veiled).calls).toBe(String(frame.counters.calls - 1));
      moves.add(String(frame.row.move));
    }
    expect(moves).toContain('lines');
    expect(moves).toContain('tokens');
    const end = algorithmStep('syntax', frames.at(-1), SHAPE);
    expect(markedLine(end)).toBe('return { reduced: program.text(), deletionOnly: true };');
    expect(SYNTAX.length).toBeLessThan(50);
  });
});
