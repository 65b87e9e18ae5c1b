import { deflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Session, SessionEvent } from '../../../../src/core/session/events.js';
import { PACKED_TYPES, pack, type Row } from '../../../../src/core/session/format/pack.js';
import { readSession } from '../../../../src/core/session/format/reader.js';
import { type TextForm, writeSession } from '../../../../src/core/session/format/writer.js';
import { normaliseSession } from '../../../../src/core/session/normalise.js';
import { exampleFile, recordArticle, recordingArb, SCENARIOS } from '../sessions.js';

const FORMS: readonly TextForm[] = ['raw', 'packed'];

/** A deep-frozen structured copy: packing it would throw on any write. */
function frozen<T>(value: T): T {
  const copy = structuredClone(value);
  const freeze = (v: unknown) => {
    if (v && typeof v === 'object') {
      for (const item of Object.values(v)) freeze(item);
      Object.freeze(v);
    }
  };
  freeze(copy);
  return copy;
}

/** Asserts that two event lists are equal event by event (the first difference is named). */
function expectSameEvents(actual: readonly SessionEvent[], expected: readonly SessionEvent[]) {
  expect(actual.length).toBe(expected.length);
  expected.forEach((event, i) => {
    expect(actual[i], `event ${i + 1}`).toStrictEqual(event);
  });
}

const lineCount = (text: string) => text.split('\n').length - 1;

// The committed article session: realistic (durations, the INVALID verification call).
const ARTICLE_PACKED = exampleFile('article', 'session.jsonl');
const ARTICLE = readSession(ARTICLE_PACKED);
const ARTICLE_RAW = writeSession(ARTICLE, 'raw');
const SIZES = {
  raw: Buffer.byteLength(ARTICLE_RAW),
  packed: Buffer.byteLength(ARTICLE_PACKED),
  deflated: deflateRawSync(ARTICLE_PACKED).length,
};

describe('pack', () => {
  it('is a pure function of the events: same rows every time, the events untouched', () => {
    const events = frozen(ARTICLE.events);
    const header = frozen(ARTICLE.header);
    const first = pack(header, events);
    expect(pack(header, events)).toStrictEqual(first);
    expect(events).toStrictEqual(ARTICLE.events);
  });

  it('packs the article into one row per run: 4451 passing attempts, 4 trials, 1 deletion', () => {
    // The verification's first call re-runs the result itself: not a deletion, so it stays raw.
    const rows = pack(ARTICLE.header, ARTICLE.events);
    expect(rows.map((row) => row.type)).toEqual([
      'attempts',
      'attempt',
      'found',
      'call',
      'trials',
      'call',
      'deletions',
      'verified',
      'end',
    ]);
    expect(rows[0]).toStrictEqual({ seq: 1, type: 'attempts', attempt: 1, count: 4451 });
    const trials = rows[4] as Extract<Row, { type: 'trials' }>;
    expect(trials.seq).toBe(4455);
    expect(trials.rows.map((row) => [row.lo, row.hi, row.outcome, row.accepted])).toEqual([
      [0, 6, 'FAIL', true],
      [0, 3, 'FAIL', true],
      [0, 1, 'FAIL', true],
      [0, 1, 'FAIL', true],
    ]);
    // A trial row keeps the call's verdict (its outputs) but not what the state rebuilds.
    expect(trials.rows[3]).toStrictEqual({
      op: 'delete',
      lo: 0,
      hi: 1,
      granularity: 2,
      outcome: 'FAIL',
      accepted: true,
      expected: -7,
      actual: 0,
      ms: 0,
    });
    // Verification: the result once more (a raw call), then its one deletion, the empty array.
    expect(rows[5]).toMatchObject({ seq: 4463, type: 'call', phase: 'verify', input: [-7] });
    expect(rows[6]).toStrictEqual({
      seq: 4464,
      type: 'deletions',
      rows: [
        {
          at: 0,
          outcome: 'INVALID',
          error: { name: 'Invalid', message: 'the empty array is not a valid input' },
        },
      ],
    });
  });

  it.each(FORMS)('is lossless for the article in %s form, event by event', (form) => {
    const back = readSession(writeSession(ARTICLE, form));
    expectSameEvents(back.events, ARTICLE.events);
    expect(back.header).toStrictEqual(ARTICLE.header);
  });

  it('recording the article in-thread gives the committed fixture, up to normalisation', () => {
    const { session } = recordArticle();
    expect(session.events).toHaveLength(4466);
    expect(writeSession(normaliseSession(session))).toBe(writeSession(normaliseSession(ARTICLE)));
  });

  it('has far fewer lines packed than raw', () => {
    expect(lineCount(ARTICLE_RAW)).toBe(4467);
    expect(lineCount(ARTICLE_PACKED)).toBe(10);
  });

  it(`compresses the packed article: ${SIZES.raw} B raw, ${SIZES.packed} B packed, ${SIZES.deflated} B deflated`, () => {
    console.log(
      `article session: raw ${SIZES.raw} B (${lineCount(ARTICLE_RAW)} lines), ` +
        `packed ${SIZES.packed} B (${lineCount(ARTICLE_PACKED)} lines), ` +
        `packed+deflateRaw ${SIZES.deflated} B`,
    );
    expect(SIZES.packed * 50).toBeLessThan(SIZES.raw);
    expect(SIZES.deflated).toBeLessThan(SIZES.packed);
  });

  it.each(SCENARIOS)(
    'keeps the committed %s fixture canonical: write(read(text)) === text',
    (name) => {
      const text = exampleFile(name, 'session.jsonl');
      const session = readSession(text);
      expect(writeSession(session)).toBe(text);
      expect(writeSession(readSession(writeSession(session, 'raw')))).toBe(text);
    },
  );

  it('derives the long fixture from its raw recording, with every packed row type', () => {
    const raw = exampleFile('long', 'session.raw.jsonl');
    const packed = exampleFile('long', 'session.jsonl');
    const session = readSession(raw);
    expect(writeSession(session, 'raw')).toBe(raw);
    expect(writeSession(session)).toBe(packed);
    const types = new Set(pack(session.header, session.events).map((row) => row.type));
    for (const type of PACKED_TYPES) expect(types).toContain(type);
  });

  describe('leaves raw what the state cannot rebuild, and stays lossless', () => {
    const mutated = (change: (events: SessionEvent[]) => void): Session => {
      const events = structuredClone(ARTICLE.events);
      change(events);
      return { header: ARTICLE.header, events };
    };
    const types = (session: Session) => pack(session.header, session.events).map((r) => r.type);

    it('a passing attempt whose input is not the generator’s', () => {
      const session = mutated((events) => {
        (events[9] as Extract<SessionEvent, { type: 'attempt' }>).input = [1, 2, 3];
      });
      const rows = pack(session.header, session.events);
      expect(rows.slice(0, 3)).toStrictEqual([
        { seq: 1, type: 'attempts', attempt: 1, count: 9 },
        { seq: 10, type: 'attempt', attempt: 10, input: [1, 2, 3], outcome: 'PASS' },
        { seq: 11, type: 'attempts', attempt: 11, count: 4441 },
      ]);
      expectSameEvents(readSession(writeSession(session)).events, session.events);
    });

    it('a passing attempt with outputs', () => {
      const session = mutated((events) => {
        Object.assign(events[0] as object, { expected: 3, actual: 3, ms: 1.5 });
      });
      expect(types(session).slice(0, 3)).toEqual(['attempt', 'attempts', 'attempt']);
      expectSameEvents(readSession(writeSession(session)).events, session.events);
    });

    it('a trial call whose input is not the decision’s edit, or whose outcome differs', () => {
      for (const change of [
        (call: { input: number[] }) => {
          call.input = [9];
        },
        (call: { outcome: string }) => {
          call.outcome = 'PASS';
        },
        (call: { execution: number }) => {
          call.execution = 7;
        },
      ]) {
        // Events 4455/4456 are the first trial's call and decision.
        const session = mutated((events) => change(events[4454] as never));
        expect(types(session).slice(4, 6)).toEqual(['call', 'decision']);
        expectSameEvents(readSession(writeSession(session)).events, session.events);
      }
    });

    it('a verification call that is not one deletion from the result', () => {
      const session = mutated((events) => {
        (events[4463] as { input: number[] }).input = [1, 2];
      });
      // The first verification call re-runs the result (raw); the mutated one stays raw too.
      expect(types(session).slice(5, 8)).toEqual(['call', 'call', 'verified']);
      expectSameEvents(readSession(writeSession(session)).events, session.events);
    });
  });

  it('is lossless and canonical for random sessions (every reducer, outcome, budget)', () => {
    fc.assert(
      fc.property(recordingArb, ({ session }) => {
        const events = frozen(session.events);
        const rows = pack(session.header, events);
        expect(pack(session.header, events)).toStrictEqual(rows);
        for (const form of FORMS) {
          const back = readSession(writeSession(session, form));
          expect(back.events).toStrictEqual(session.events);
          expect(back.header).toStrictEqual(session.header);
          expect(back.lines).toHaveLength(session.events.length);
        }
        const packed = writeSession(session);
        expect(writeSession(readSession(packed))).toBe(packed);
        expect(writeSession(readSession(writeSession(session, 'raw')))).toBe(packed);
        expect(lineCount(packed)).toBe(rows.length + 1);
        expect(lineCount(packed)).toBeLessThanOrEqual(session.events.length + 1);
      }),
      { numRuns: 400 },
    );
  });
});
