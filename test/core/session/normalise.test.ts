import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SyncOracle } from '../../../src/core/oracle/oracle.js';
import type { Session, SessionEvent } from '../../../src/core/session/events.js';
import { readSession } from '../../../src/core/session/format/reader.js';
import { writeSession } from '../../../src/core/session/format/writer.js';
import {
  equalWithoutDurations,
  normaliseSession,
  PLACEHOLDERS,
  withoutDurations,
} from '../../../src/core/session/normalise.js';
import { taskConfig } from '../../../src/core/session/task.js';
import { articleJudge, exampleConfig, record, recordingArb } from './sessions.js';

/** The article's judge with a made-up wall time per call, different for every `salt`. */
const timed =
  (salt: number): SyncOracle =>
  (a) => ({
    ...articleJudge(a),
    ms: (((a as number[]).length * 7919 + salt * 104729) % 1000) / 100,
  });

const CONFIG = exampleConfig('article');
const first = record(CONFIG, timed(1), {
  stamp: { id: 'a1', created: '2026-01-01T10:00:00.000Z', tool: 'deltalab 0.1.0' },
}).session;
const second = record(CONFIG, timed(2), {
  stamp: { id: 'b2', created: '2027-06-30T23:59:59.999Z', tool: 'deltalab 0.2.0' },
}).session;

/** A copy of `session` with one event changed. */
function changed(session: Session, seq: number, change: (event: SessionEvent) => void): Session {
  const events = structuredClone(session.events);
  change(events[seq - 1] as SessionEvent);
  return { header: session.header, events };
}

describe('normaliseSession', () => {
  it('makes two recordings of the same run equal: other ids, times, tools and durations', () => {
    expect(first.events).not.toStrictEqual(second.events);
    expect(writeSession(first)).not.toBe(writeSession(second));
    expect(normaliseSession(first)).toStrictEqual(normaliseSession(second));
    expect(writeSession(normaliseSession(first))).toBe(writeSession(normaliseSession(second)));
  });

  it('replaces the volatile header fields and keeps the rest of the header', () => {
    const { header } = normaliseSession(first);
    expect(header).toStrictEqual({ ...first.header, ...PLACEHOLDERS });
    expect(header.version).toBe('1.0');
    expect(header.config).toStrictEqual(taskConfig(CONFIG));
  });

  it('keeps sequence numbers, inputs and verdicts, removes every duration, drops lines', () => {
    const session = readSession(writeSession(first));
    const normal = normaliseSession(session);
    expect(normal.lines).toBeUndefined();
    expect(normal.events.map((event) => event.seq)).toEqual(first.events.map((event) => event.seq));
    expect(first.events.some((event) => 'ms' in event)).toBe(true);
    expect(normal.events.some((event) => 'ms' in event)).toBe(false);
    normal.events.forEach((event, i) => {
      const { ms: _ms, ...rest } = first.events[i] as SessionEvent & { ms?: number };
      expect(event).toStrictEqual(rest);
    });
  });

  it('does not make a changed verdict, decision or result equal', () => {
    const changes: [number, (event: SessionEvent) => void][] = [
      [4452, (event) => Object.assign(event, { expected: -2 })],
      [4452, (event) => Object.assign(event, { outcome: 'CRASH' })],
      [4460, (event) => Object.assign(event, { accepted: false })],
      [4463, (event) => Object.assign(event, { outcome: 'PASS' })],
      [4466, (event) => Object.assign(event, { reduced: [-6] })],
      [100, (event) => Object.assign(event, { input: [1] })],
    ];
    const normal = normaliseSession(first);
    for (const [seq, change] of changes) {
      expect(normaliseSession(changed(first, seq, change)), `event ${seq}`).not.toStrictEqual(
        normal,
      );
    }
    const reseeded = {
      ...first,
      header: { ...first.header, config: taskConfig({ ...CONFIG, reducer: 'ddmin' as const }) },
    };
    expect(normaliseSession(reseeded)).not.toStrictEqual(normal);
  });

  it('does not take an "ms" inside an output for a duration', () => {
    const withOutput = (ms: number) =>
      changed(first, 4452, (event) => Object.assign(event, { expected: { ms }, ms: ms * 3 }));
    const [a, b] = [withOutput(1), withOutput(2)];
    expect(normaliseSession(a)).not.toStrictEqual(normaliseSession(b));
    expect(normaliseSession(a).events[4451]).toMatchObject({ expected: { ms: 1 } });
    expect(normaliseSession(a).events[4451]).not.toHaveProperty('ms');
  });

  it('is idempotent and does not depend on the text form the session went through', () => {
    fc.assert(
      fc.property(recordingArb, ({ session }) => {
        const normal = normaliseSession(session);
        expect(normaliseSession(normal)).toStrictEqual(normal);
        for (const form of ['raw', 'packed'] as const) {
          expect(normaliseSession(readSession(writeSession(session, form)))).toStrictEqual(normal);
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('withoutDurations', () => {
  it('removes "ms" at every depth of a transcript message, and copies', () => {
    const message = {
      type: 'trial',
      verdict: { outcome: 'FAIL', expected: -7, actual: 0, ms: 0.42 },
      rows: [{ ms: 1, at: 0 }],
      counters: { calls: 2 },
    };
    const before = structuredClone(message);
    const result = withoutDurations(message);
    expect(result).toStrictEqual({
      type: 'trial',
      verdict: { outcome: 'FAIL', expected: -7, actual: 0 },
      rows: [{ at: 0 }],
      counters: { calls: 2 },
    });
    expect(message).toStrictEqual(before);
    expect(result.counters).not.toBe(message.counters);
  });

  it('keeps outputs whole: "ms" and "__proto__" keys of user data stay', () => {
    const actual = JSON.parse('{"__proto__":{"ms":3},"ms":2}');
    const result = withoutDurations({ verdict: { actual, expected: [{ ms: 1 }], ms: 9 } });
    expect(JSON.stringify(result)).toBe(
      '{"verdict":{"actual":{"__proto__":{"ms":3},"ms":2},"expected":[{"ms":1}]}}',
    );
    expect(withoutDurations(null)).toBeNull();
    expect(withoutDurations([1, { ms: 2 }])).toStrictEqual([1, {}]);
  });
});

describe('equalWithoutDurations', () => {
  it('agrees with comparing normalised copies', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        const copies = JSON.stringify(withoutDurations(a)) === JSON.stringify(withoutDurations(b));
        if (copies) expect(equalWithoutDurations(a, b)).toBe(true);
        expect(equalWithoutDurations(a, a)).toBe(true);
      }),
    );
  });

  it('ignores durations, but not inside outputs, and the keys it is told to', () => {
    expect(equalWithoutDurations({ ms: 1, x: [1] }, { ms: 2, x: [1] })).toBe(true);
    expect(equalWithoutDurations({ expected: { ms: 1 } }, { expected: { ms: 2 } })).toBe(false);
    expect(equalWithoutDurations({ line: 3, x: 1 }, { line: 4, x: 1 }, ['line'])).toBe(true);
    expect(equalWithoutDurations({ x: 1 }, { x: 1, y: 2 })).toBe(false);
    expect(equalWithoutDurations([1, 2], [1, 2, 3])).toBe(false);
  });
});
