import { describe, expect, it } from 'vitest';
import { compareSessions } from '../../../src/core/replay/compare-recording.js';
import type { Session, SessionEvent } from '../../../src/core/session/events.js';
import { readSession } from '../../../src/core/session/format/reader.js';
import { exampleFile, recordArticle } from '../session/sessions.js';

const RECORDING = readSession(exampleFile('article', 'session.jsonl'));

/** A copy of `session` with the event at `seq` changed. */
function changed(session: Session, seq: number, change: Partial<SessionEvent>): Session {
  const events = structuredClone(session.events);
  Object.assign(events[seq - 1] as SessionEvent, change);
  return { header: session.header, events };
}

describe('compareSessions', () => {
  it('matches a new run of the same session, call for call, durations and lines aside', () => {
    // The in-thread recording has no durations and no lines; the fixture has both.
    const { session } = recordArticle();
    expect(compareSessions(RECORDING, session)).toEqual({ match: true, calls: 4459 });
    expect(compareSessions(RECORDING, changed(RECORDING, 4454, { ms: 12.5 }))).toEqual({
      match: true,
      calls: 4459,
    });
  });

  it('tells equal calls from their entries when their fields are not identical', () => {
    // NaN is not identical to itself; the entries compare it as the same number.
    const both = (session: Session) => changed(session, 4454, { expected: Number.NaN });
    expect(compareSessions(both(RECORDING), both(RECORDING))).toEqual({ match: true, calls: 4459 });
    expect(compareSessions(RECORDING, both(RECORDING))).toMatchObject({ match: false, call: 4453 });
  });

  it('points at the first call whose trial or verdict differs, with the recording’s line', () => {
    const observed = changed(RECORDING, 4457, { expected: -5 });
    const comparison = compareSessions(RECORDING, observed);
    expect(comparison).toMatchObject({ match: false, call: 4455, line: 6 });
    if (comparison.match) throw new Error('unreachable');
    expect(comparison.recorded).toMatchObject({ verdict: { expected: -4 } });
    expect(comparison.observed).toMatchObject({ verdict: { expected: -5 } });
    expect(compareSessions(RECORDING, changed(RECORDING, 7, { input: [1] }))).toMatchObject({
      match: false,
      call: 7,
      line: 2,
    });
  });

  it('points past the end of the shorter session', () => {
    const short = { header: RECORDING.header, events: RECORDING.events.slice(0, 4454) };
    const missing = compareSessions(RECORDING, short);
    expect(missing).toMatchObject({ match: false, call: 4454, line: 6 });
    expect(missing).not.toHaveProperty('observed');
    const extra = compareSessions(short, RECORDING);
    expect(extra).toMatchObject({ match: false, call: 4454 });
    expect(extra).not.toHaveProperty('line');
    expect(extra).not.toHaveProperty('recorded');
  });
});
