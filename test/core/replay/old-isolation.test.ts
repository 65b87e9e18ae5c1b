import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replaySession } from '../../../src/core/replay/replay.js';
import { readSession } from '../../../src/core/session/format/reader.js';
import { writeSession } from '../../../src/core/session/format/writer.js';
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

  it('is written again as today’s writers write it: the lesson’s committed session', () => {
    const today = exampleFile('isolate-article', 'session.jsonl');
    expect(writeSession(readSession(OLD))).toBe(today);
  });
});
