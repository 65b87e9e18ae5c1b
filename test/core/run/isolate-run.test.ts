import { describe, expect, it } from 'vitest';
import { replaySession } from '../../../src/core/replay/replay.js';
import { isolationOf } from '../../../src/core/run/summary.js';
import { Timeline } from '../../../src/core/run/timeline.js';
import type { SessionConfig } from '../../../src/core/session/config.js';
import { readSession } from '../../../src/core/session/format/reader.js';
import { writeSession } from '../../../src/core/session/format/writer.js';
import { taskConfig } from '../../../src/core/session/task.js';
import { ARTICLE_INPUT } from '../../support/lessons.js';
import { articleJudge, exampleConfig, record } from '../session/sessions.js';

/** The article's failing input isolated against a small input the buggy Kadane gets right. */
function articleIsolation(mode: '+-' | '-' | '+' = '+-'): SessionConfig {
  const { generator: _generator, maxAttempts: _maxAttempts, ...config } = exampleConfig('article');
  return taskConfig({ ...config, input: ARTICLE_INPUT, isolate: { mode, pass: [1, -2, 3] } });
}

describe('an isolating session', () => {
  it('records the sides, each dd trial and the verification, and ends with both sides', () => {
    const { session, summary, messages } = record(articleIsolation(), articleJudge);
    expect(session.header.version).toBe('2.4');
    expect(summary).toMatchObject({ status: 'isolated', verified: true });
    const isolation = isolationOf(summary).isolation;
    expect(isolation?.difference).toHaveLength(1);
    expect(articleJudge(isolation?.pass as number[]).outcome).toBe('PASS');
    expect(articleJudge(isolationOf(summary).isolation?.fail as number[]).outcome).toBe('FAIL');
    const types = session.events.map((event) => event.type);
    expect(types.filter((type) => type === 'isolation').length).toBeGreaterThan(0);
    expect(types).toContain('isolated');
    expect(session.events.at(-1)).toMatchObject({ type: 'end', status: 'isolated', difference: 1 });
    // The player's frames: both sides confirmed, then the trials, then the end.
    const frames = Timeline.of(messages).frames;
    expect(frames.filter((frame) => frame.type === 'confirmed')).toHaveLength(2);
    expect(frames.find((frame) => frame.type === 'trial')).toMatchObject({
      row: { isolation: { pass: [1, -2, 3] } },
    });
    expect(frames.at(-1)).toMatchObject({ type: 'end', isolated: { verified: true } });
  });

  it('replays to the same summary, events and messages, from raw and packed text', async () => {
    const live = record(articleIsolation(), articleJudge);
    for (const how of ['raw', 'packed'] as const) {
      const text = writeSession(live.session, how);
      const replayed = await replaySession(readSession(text));
      expect(replayed.summary).toEqual(live.summary);
      expect(replayed.messages).toEqual(live.messages);
      expect(writeSession({ header: live.session.header, events: replayed.events }, how)).toBe(
        text,
      );
    }
  });

  it("isolates in the book's three modes, each verified", () => {
    for (const mode of ['+-', '-', '+'] as const) {
      const { summary } = record(articleIsolation(mode), articleJudge);
      expect(summary.status, mode).toBe('isolated');
      expect(summary.verified, mode).toBe(true);
    }
  });

  it('ends as not failing, in one sentence, when the passing side fails too', () => {
    const config = { ...articleIsolation(), isolate: { mode: '+-' as const, pass: [-1] } };
    const { summary } = record(config, articleJudge);
    expect(summary).toMatchObject({ status: 'not-failing' });
    expect(summary.message).toMatch(/passing input fails too/);
  });
});
