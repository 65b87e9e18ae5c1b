import { describe, expect, it } from 'vitest';
import type { Json } from '../../../src/core/input/kinds.js';
import type { Verdict } from '../../../src/core/oracle/verdict.js';
import type { ReducerName } from '../../../src/core/reduce/types.js';
import { replaySession } from '../../../src/core/replay/replay.js';
import type { SessionConfig } from '../../../src/core/session/config.js';
import { readSession } from '../../../src/core/session/format/reader.js';
import { writeSession } from '../../../src/core/session/format/writer.js';
import { taskConfig } from '../../../src/core/session/task.js';
import { exampleConfig, record } from '../session/sessions.js';

/** The Debugging Book's two-argument example: fails while s holds an "o" and t a "b". */
const judge = (input: Json): Verdict => {
  const [s, t] = input as [string, string];
  return { outcome: s.includes('o') && t.includes('b') ? 'FAIL' : 'PASS' };
};

function twoArguments(reducer: ReducerName): SessionConfig {
  const { generator: _generator, maxAttempts: _maxAttempts, ...config } = exampleConfig('article');
  return taskConfig({ ...config, kind: 'args', split: 'chars', reducer, input: ['foo', 'foobar'] });
}

describe('a session of calls with two arguments', () => {
  it.each(['chunks', 'ddmin'] as const)(
    'reduces each argument in turn, verified, and replays to the same events from raw and packed text (%s)',
    async (reducer) => {
      const live = record(twoArguments(reducer), judge);
      expect(live.summary).toMatchObject({
        status: 'reduced',
        verified: true,
        reduced: ['o', 'b'],
      });
      for (const how of ['raw', 'packed'] as const) {
        const text = writeSession(live.session, how);
        const replayed = await replaySession(readSession(text));
        expect(replayed.summary).toEqual(live.summary);
        expect(writeSession({ header: live.session.header, events: replayed.events }, how)).toBe(
          text,
        );
      }
    },
  );
});
