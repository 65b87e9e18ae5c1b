import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ARTICLE_GENERATOR, InputStream } from '../../../src/core/generate/generator.js';
import type { Verdict } from '../../../src/core/oracle/verdict.js';
import { Cancelled } from '../../../src/core/reduce/runner.js';
import { verdictOf } from '../../../src/core/replay/replay-oracle.js';
import { deriveReplayScript, type ReplayEntry } from '../../../src/core/replay/script.js';
import type { CallEvent, Session, StoredVerdict } from '../../../src/core/session/events.js';
import { readSession } from '../../../src/core/session/format/reader.js';
import { writeSession } from '../../../src/core/session/format/writer.js';
import { createHeader } from '../../../src/core/session/header.js';
import { ARTICLE_INPUT } from '../../support/lessons.js';
import { exampleFile, recordingArb, STAMP } from '../session/sessions.js';

const read = (name: string) => readSession(exampleFile(name, 'session.jsonl'));

/** A session of verification calls on `[1, 2]`, one per verdict (no lines: built in memory). */
function callsOf(verdicts: StoredVerdict[]): Session {
  const header = createHeader(
    {
      task: 'reduce',
      code: { language: 'js', outcome: { source: 'x' } },
      input: [1, 2],
      reducer: 'chunks',
      chase: { kind: 'wrong-answer' },
      cache: true,
      budgets: { callMs: 50 },
    },
    STAMP,
  );
  const events = verdicts.map(
    (verdict, i): CallEvent => ({
      seq: i + 1,
      type: 'call',
      phase: 'verify',
      execution: i + 1,
      input: [i],
      ...verdict,
    }),
  );
  return { header, events };
}

const derive = (verdict: StoredVerdict): ReplayEntry | undefined =>
  deriveReplayScript(callsOf([verdict]))[0];

/** The verdict fields of an event. */
function verdictFields(event: StoredVerdict): StoredVerdict {
  const { outcome, expected, actual, error, ms, flaky } = event;
  return JSON.parse(JSON.stringify({ outcome, expected, actual, error, ms, flaky }));
}

describe('deriveReplayScript', () => {
  it('has one entry per attempt and call, in order, with its input and session line', () => {
    const session = read('article');
    const script = deriveReplayScript(session);
    // Attempts, the confirmation, four trials, the result re-run and its one deletion.
    expect(script).toHaveLength(4452 + 1 + 4 + 2);
    const called = session.events.flatMap((event) =>
      event.type === 'attempt' || event.type === 'call' ? [event.input] : [],
    );
    expect(script.map((entry) => entry.input)).toStrictEqual(called);
    expect(new Set(script.slice(0, 4451).map((entry) => entry.line))).toEqual(new Set([2]));
    expect(script.slice(4451).map((entry) => entry.line)).toEqual([3, 5, 6, 6, 6, 6, 7, 8]);
    expect(script.every((entry) => entry.kind === 'verdict')).toBe(true);
  });

  it('serves a verdict exactly as recorded: not the attempt, phase or execution of its event', () => {
    const script = deriveReplayScript(read('article'));
    expect(script[0]).toStrictEqual({
      kind: 'verdict',
      input: new InputStream(ARTICLE_GENERATOR).next(),
      verdict: { outcome: 'PASS' },
      line: 2,
    });
    expect(script[4451]).toStrictEqual({
      kind: 'verdict',
      input: ARTICLE_INPUT,
      verdict: { outcome: 'FAIL', expected: -1, actual: 0, ms: 0 },
      line: 3,
    });
    expect(script[4452]).toStrictEqual({ ...script[4451], line: 5 });
    expect(script[4457]).toStrictEqual({
      kind: 'verdict',
      input: [-7],
      verdict: { outcome: 'FAIL', expected: -7, actual: 0, ms: 0 },
      line: 7,
    });
    expect(script[4458]).toStrictEqual({
      kind: 'verdict',
      input: [],
      verdict: {
        outcome: 'INVALID',
        error: { name: 'Invalid', message: 'the empty array is not a valid input' },
      },
      line: 8,
    });
  });

  it('turns a CRASH into a throw: code, message, role, line, column, partial expected, ms', () => {
    const script = deriveReplayScript(read('crash'));
    expect(script[0]).toStrictEqual({
      kind: 'throw',
      input: [5, 0, 0, 5, 2, 1, 1, 1],
      code: 'RangeError',
      message: 'Invalid array length',
      role: 'candidate',
      at: { line: 11, column: 25 },
      expected: 3,
      ms: expect.any(Number),
      line: 2,
    });
    expect(derive({ outcome: 'CRASH', error: { name: 'TypeError', message: 'x' } })).toStrictEqual({
      kind: 'throw',
      input: [0],
      code: 'TypeError',
      message: 'x',
    });
    expect(
      derive({
        outcome: 'CRASH',
        error: { name: 'Error', message: 'y', column: 3 },
        expected: null,
      }),
    ).toStrictEqual({
      kind: 'throw',
      input: [0],
      code: 'Error',
      message: 'y',
      at: { column: 3 },
      expected: null,
    });
  });

  it('turns a TIMEOUT into a hang: message, role, partial expected, ms', () => {
    const script = deriveReplayScript(read('timeout'));
    expect(script[1]).toStrictEqual({
      kind: 'hang',
      input: [1, 9, 0, 7, 4, 8, 3, 3],
      message: 'ran longer than 200 ms',
      role: 'candidate',
      expected: 1,
      ms: expect.any(Number),
      line: 3,
    });
    expect(
      derive({ outcome: 'TIMEOUT', error: { name: 'Timeout', message: 'ran longer than 50 ms' } }),
    ).toStrictEqual({ kind: 'hang', input: [0], message: 'ran longer than 50 ms' });
  });

  it('keeps as a verdict what a throw or a hang cannot rebuild', () => {
    const crash = { name: 'RangeError', message: 'boom' };
    const timeout = { name: 'Timeout', message: 'slow' };
    const verdicts: StoredVerdict[] = [
      { outcome: 'CRASH' },
      { outcome: 'CRASH', error: crash, actual: 1 },
      { outcome: 'CRASH', error: crash, flaky: ['CRASH', 'PASS'] },
      { outcome: 'TIMEOUT' },
      { outcome: 'TIMEOUT', error: crash },
      { outcome: 'TIMEOUT', error: { ...timeout, line: 3 } },
      { outcome: 'TIMEOUT', error: { ...timeout, column: 3 } },
      { outcome: 'TIMEOUT', error: timeout, actual: 2 },
      { outcome: 'FAIL', error: crash, expected: 1, actual: 2, ms: 3, flaky: ['FAIL', 'PASS'] },
      { outcome: 'INVALID', error: { ...crash, role: 'reference' }, actual: [] },
    ];
    const script = deriveReplayScript(callsOf(verdicts));
    script.forEach((entry, i) => {
      expect(entry).toStrictEqual({ kind: 'verdict', input: [i], verdict: verdicts[i] });
      // Whatever kind of entry: serving it gives the recorded verdict back.
      expect(verdictOf(entry)).toStrictEqual(verdicts[i]);
    });
  });

  it('gives no lines for a session built in memory', () => {
    const { header, events } = read('trap');
    expect(deriveReplayScript({ header, events }).every((entry) => entry.line === undefined)).toBe(
      true,
    );
  });

  it('rebuilds exactly the recorded verdict of every call, for random sessions', () => {
    fc.assert(
      fc.property(recordingArb, fc.boolean(), ({ session }, fromText) => {
        const source = fromText ? readSession(writeSession(session)) : session;
        const script = deriveReplayScript(source);
        const called = (e: { type: string }) => e.type === 'attempt' || e.type === 'call';
        const calls = session.events.filter(called);
        const lines = source.events.flatMap((e, i) => (called(e) ? [source.lines?.[i]] : []));
        expect(script).toHaveLength(calls.length);
        script.forEach((entry, i) => {
          const event = calls[i] as CallEvent;
          expect(entry.input).toStrictEqual(event.input);
          const served: Verdict = verdictOf(entry, session.header.config.budgets.callMs);
          expect(served).toStrictEqual(verdictFields(event));
          if (event.outcome === 'CRASH' && entry.kind !== 'throw') {
            expect(event.actual !== undefined || event.flaky || !event.error).toBeTruthy();
          }
          expect(entry.line).toBe(lines[i]);
          if (fromText) expect(entry.line).toBeGreaterThan(1);
        });
      }),
      { numRuns: 200 },
    );
  });
});

describe('verdictOf', () => {
  const hang: ReplayEntry = { kind: 'hang', input: [1] };

  it('says how long a hang ran from the recorded budget when the entry does not', () => {
    expect(verdictOf(hang, 200)).toStrictEqual({
      outcome: 'TIMEOUT',
      error: { name: 'Timeout', message: 'ran longer than 200 ms' },
    });
    expect(verdictOf(hang)).toMatchObject({ error: { message: 'ran longer than ? ms' } });
    expect(verdictOf({ ...hang, role: 'outcome', expected: 4, ms: 201 }, 200)).toStrictEqual({
      outcome: 'TIMEOUT',
      expected: 4,
      error: { name: 'Timeout', message: 'ran longer than 200 ms', role: 'outcome' },
      ms: 201,
    });
  });

  it('cancels on a hang that never came back', () => {
    expect(() => verdictOf({ ...hang, cancel: true }, 200)).toThrow(Cancelled);
  });

  it('serves only the fields of a verdict, whatever else an override entry holds', () => {
    const override = JSON.parse(
      '{"kind":"verdict","input":[1],"verdict":{"attempt":1,"outcome":"PASS","ms":2}}',
    ) as ReplayEntry;
    expect(verdictOf(override)).toStrictEqual({ outcome: 'PASS', ms: 2 });
  });

  it('serves a copy: changing it changes nothing recorded', () => {
    const entry: ReplayEntry = {
      kind: 'verdict',
      input: [1],
      verdict: { outcome: 'FAIL', expected: [1, 2], actual: { a: 1 } },
    };
    const served = verdictOf(entry);
    (served.expected as number[]).push(3);
    expect(verdictOf(entry)).toStrictEqual({ outcome: 'FAIL', expected: [1, 2], actual: { a: 1 } });
  });
});
