import { describe, expect, it } from 'vitest';
import type { Verdict } from '../../../src/core/oracle/verdict.js';
import { replaySession } from '../../../src/core/replay/replay.js';
import { isolationOf } from '../../../src/core/run/summary.js';
import { Timeline } from '../../../src/core/run/timeline.js';
import type { SessionConfig } from '../../../src/core/session/config.js';
import { readSession } from '../../../src/core/session/format/reader.js';
import { writeSession } from '../../../src/core/session/format/writer.js';
import { taskConfig } from '../../../src/core/session/task.js';
import { exampleConfig, record } from '../session/sessions.js';

/** Versions of a text: each adds a line; the one at `bug` adds the bad line, `wip` does not load. */
function history(count: number, bug: number, wip: number[] = []): string[] {
  const lines: string[] = [];
  const versions: string[] = [];
  for (let v = 0; v < count; v++) {
    lines.push(v === bug ? 'BUG' : `line ${v}`);
    versions.push(`${[...lines, ...(wip.includes(v) ? ['WIP'] : [])].join('\n')}\n`);
  }
  return versions;
}

/** FAIL with the bad line, INVALID (does not load) with an unfinished one, else PASS. */
const judge = (input: unknown): Verdict => {
  const text = input as string;
  if (text.includes('WIP'))
    return { outcome: 'INVALID', error: { name: 'SyntaxError', message: 'unfinished' } } as Verdict;
  return text.includes('BUG')
    ? { outcome: 'FAIL', expected: 1, actual: 0 }
    : { outcome: 'PASS', expected: 1, actual: 1 };
};

function historyConfig(versions: string[]): SessionConfig {
  const base = exampleConfig('changes-article');
  return taskConfig({
    ...base,
    input: versions.at(-1) as string,
    isolate: { mode: '+-', pass: versions[0] as string, replace: true },
    changes: { input: [1], versions: versions.map((code, i) => ({ label: `v${i + 1}`, code })) },
  });
}

describe('a session that bisects a history', () => {
  it('bisects the versions, then isolates the change between the last good and the first bad', () => {
    const versions = history(8, 4, [5]);
    const { session, summary, messages } = record(historyConfig(versions), judge);
    expect(session.header.version).toBe('2.4');
    expect(isolationOf(summary).bisect).toEqual({
      lastGood: 3,
      firstBad: 4,
      skipped: [],
      tests: 3,
    });
    const bisects = session.events.filter((e) => e.type === 'call' && e.phase === 'bisect');
    expect(bisects.map((e) => (e.type === 'call' ? e.outcome : null))).toEqual([
      'PASS',
      'INVALID',
      'FAIL',
    ]);
    // dd runs between versions 4 and 5: the one line v5 added is the difference.
    expect(summary).toMatchObject({
      status: 'isolated',
      verified: true,
      isolation: { fail: versions[4] },
    });
    expect(isolationOf(summary).isolation?.pass).toBe(versions[3]);
    const { bisection } = Timeline.of(messages);
    expect(bisection.steps.map((s) => [s.version, s.mark])).toEqual([
      [3, 'good'],
      [5, 'skip'],
      [4, 'bad'],
    ]);
    expect(bisection.result).toMatchObject({ lastGood: 3, firstBad: 4 });
  });

  it('replays to the same summary, events and messages, from raw and packed text', async () => {
    const live = record(historyConfig(history(7, 2, [1])), judge);
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

  it('ends without isolating when no version fails, or the oldest already does', () => {
    const none = record(historyConfig(history(5, 9)), judge).summary;
    expect(none).toMatchObject({
      status: 'not-failing',
      message: 'no version of the history fails on the call',
    });
    const oldest = record(historyConfig(history(5, 0)), judge).summary;
    expect(oldest.message).toBe('the oldest version of the history already fails on the call');
  });

  it('refuses a bisect call in a session of an older format', () => {
    const text = writeSession(record(historyConfig(history(4, 2)), judge).session, 'raw');
    expect(() => readSession(text.replace('"version":"2.4"', '"version":"2.2"'))).toThrow(
      /no history of versions/,
    );
  });
});
