import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replaySession } from '../../../src/core/replay/replay.js';
import { readSession } from '../../../src/core/session/format/reader.js';
import { writeSession } from '../../../src/core/session/format/writer.js';
import { withoutDurations } from '../../../src/core/session/normalise.js';
import { exampleFile } from '../session/sessions.js';

/** The isolate-article session as format 2.1 writers stored it: a reducer in header and end. */
const OLD = readFileSync(new URL('fixtures/isolate-article-2.1.jsonl', import.meta.url), 'utf8');

describe('an isolation stored before sessions named their task', () => {
  it('reads as an isolation, names no reducer at its end, and replays as it ran', async () => {
    expect(OLD).toContain('"reducer":"chunks"');
    const session = readSession(OLD);
    expect(session.header.config.task).toBe('isolate');
    expect('reducer' in session.header.config).toBe(false);
    const end = session.events.at(-1);
    expect(end).toMatchObject({ type: 'end', status: 'isolated' });
    expect(end && 'reducer' in end).toBe(false);
    const { summary } = await replaySession(session, { keep: false });
    expect(summary).toMatchObject({ task: 'isolate', status: 'isolated', verified: true });
  });

  it('replays to the session today’s runs record: the same events, with the trials’ sides', async () => {
    const today = readSession(exampleFile('isolate-article', 'session.jsonl'));
    expect(today.header.version).toBe('2.4');
    const { events } = await replaySession(readSession(OLD), { keep: true });
    expect(withoutDurations(events)).toStrictEqual(withoutDurations(today.events));
    expect(events.find((event) => event.type === 'isolation')).toMatchObject({
      pass: [],
      fail: [[0, 22]],
    });
  });

  it('draws the same trials from the sides stored as from dd run again', async () => {
    const rows = async (text: string) =>
      (await replaySession(readSession(text), { keep: true })).messages.filter(
        (message) => message.type === 'trial',
      );
    const today = exampleFile('isolate-article', 'session.jsonl');
    expect(await rows(OLD)).toStrictEqual(await rows(today));
    // Written again, an old session is today's, byte for byte but for its durations.
    expect(writeSession(readSession(OLD))).not.toContain('"side"');
  });
});
