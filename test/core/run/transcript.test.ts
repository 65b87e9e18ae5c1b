import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SyncOracle } from '../../../src/core/oracle/oracle.js';
import type { Outcome, Verdict } from '../../../src/core/oracle/verdict.js';
import { reductionOf } from '../../../src/core/run/summary.js';
import {
  PROGRESS_EVERY,
  TranscriptBuilder,
  type TranscriptMessage,
} from '../../../src/core/run/transcript.js';
import type { CallEvent, Session, StoredVerdict } from '../../../src/core/session/events.js';
import { jsonLine } from '../../../src/core/session/format/json-line.js';
import { readSession } from '../../../src/core/session/format/reader.js';
import { writeSession } from '../../../src/core/session/format/writer.js';
import { withoutDurations } from '../../../src/core/session/normalise.js';
import { ARTICLE_INPUT } from '../../support/lessons.js';
import { exampleFile, record, recordArticle, recordingArb } from '../session/sessions.js';

type TrialMessage = Extract<TranscriptMessage, { type: 'trial' }>;

/** The transcript of a session's events, built afresh. */
function transcriptOf(session: Session): TranscriptMessage[] {
  const builder = new TranscriptBuilder(session.header);
  return session.events.flatMap((event) => builder.push(event));
}

const steps = (messages: readonly TranscriptMessage[]) =>
  messages.filter((message): message is TrialMessage => message.type === 'trial');

/** The verdict fields of a call event. */
function verdictOfCall(call: CallEvent): StoredVerdict {
  const { seq: _s, type: _t, phase: _p, execution: _e, input: _i, ...verdict } = call;
  return verdict;
}

/** A session with a pasted input; the judge is made from a predicate, with outputs and times. */
function pasted(input: number[], reducer: 'chunks' | 'ddmin', predicate: (a: number[]) => Outcome) {
  let clock = 0;
  return record(
    {
      code: { language: 'js', outcome: { source: 'export const outcome = () => "PASS";' } },
      input,
      reducer,
      chase: { kind: 'wrong-answer' },
      cache: true,
      budgets: { callMs: 100 },
    },
    (input): Verdict => {
      const a = input as number[];
      return {
        outcome: predicate(a),
        expected: a.length,
        actual: a.reduce((x, y) => x + y, 0),
        ms: ++clock,
      };
    },
  );
}

describe('TranscriptBuilder', () => {
  const article = recordArticle();

  it("sends the article's messages: progress, found, confirmed, 4 steps, verified, end", () => {
    const { messages, summary } = article;
    expect(messages.map((message) => message.type)).toEqual([
      ...Array<string>(9).fill('progress'),
      'found',
      'confirmed',
      'trial',
      'trial',
      'trial',
      'trial',
      'verified',
      'end',
    ]);
    expect(messages.slice(0, 9)).toStrictEqual(
      [500, 1000, 1500, 2000, 2500, 3000, 3500, 4000, 4452].map((attempts) => ({
        type: 'progress',
        attempts,
        maxAttempts: 100_000,
      })),
    );
    expect(messages[9]).toStrictEqual({
      type: 'found',
      attempt: 4452,
      input: ARTICLE_INPUT,
      verdict: { outcome: 'FAIL', expected: -1, actual: 0 },
    });
    expect(messages[10]).toStrictEqual({
      type: 'confirmed',
      input: ARTICLE_INPUT,
      verdict: { outcome: 'FAIL', expected: -1, actual: 0 },
      counters: { calls: 1, executions: 1, cacheHits: 0 },
    });
    const rows = steps(messages);
    expect(rows.map((step) => step.row)).toStrictEqual(reductionOf(summary).history);
    expect(rows.map((step) => String(step.row.trial).split(',').length)).toEqual([6, 3, 2, 1]);
    expect(rows.map((step) => [step.trial, step.cached, step.verdict.expected])).toEqual([
      [1, false, -1],
      [2, false, -4],
      [3, false, -6],
      [4, false, -7],
    ]);
    expect(rows.map((step) => step.counters)).toStrictEqual(
      [2, 3, 4, 5].map((n) => ({ calls: n, executions: n, cacheHits: 0 })),
    );
    const { executions: _, ...verification } = reductionOf(summary).verification ?? {
      executions: 0,
    };
    expect(messages[15]).toStrictEqual({ type: 'verified', verification });
    expect(messages[16]).toStrictEqual({
      type: 'end',
      end: {
        status: 'reduced',
        reducer: 'chunks',
        reduced: [-7],
        calls: 5,
        executions: 5,
        cacheHits: 0,
        verifyExecutions: 2,
        stopped: 'done',
        deletionOnly: true,
        verified: true,
      },
    });
  });

  it("equals the article's committed transcript", () => {
    const text = article.messages.map((message) => `${jsonLine(withoutDurations(message))}\n`);
    expect(text.join('')).toBe(exampleFile('article', 'transcript.expected.jsonl'));
  });

  it('gives cached decisions the verdict of the earlier call on the same trial', () => {
    // ddmin on [1,2,3] failing when the sum is a multiple of 3: three trials repeat earlier ones.
    const { session, messages, summary } = pasted([1, 2, 3], 'ddmin', (a) =>
      a.length === 0 ? 'INVALID' : a.reduce((x, y) => x + y, 0) % 3 === 0 ? 'FAIL' : 'PASS',
    );
    const calls = session.events.filter((event): event is CallEvent => event.type === 'call');
    const cached = steps(messages).filter((step) => step.cached);
    expect(cached).toHaveLength(3);
    expect(summary.cacheHits).toBe(3);
    for (const step of cached) {
      const earlier = calls.filter((call) => String(call.input) === String(step.row.trial));
      expect(earlier).toHaveLength(1);
      expect(step.verdict).toStrictEqual(verdictOfCall(earlier[0] as CallEvent));
      expect(step.verdict.ms).toBeLessThan(calls.length + 1);
    }
    expect(steps(messages).map((step) => step.counters.cacheHits)).toEqual(
      steps(messages).map((_, i, all) => all.slice(0, i + 1).filter((step) => step.cached).length),
    );
    expect(steps(messages).map((step) => step.row)).toStrictEqual(reductionOf(summary).history);
  });

  it('starts a pasted input at the confirmation, and stops there when it does not fail', () => {
    const failing = pasted([1, 2, 3, 4], 'chunks', (a) => (a.includes(3) ? 'FAIL' : 'PASS'));
    expect(failing.messages[0]?.type).toBe('confirmed');
    expect(steps(failing.messages).map((step) => step.row)).toStrictEqual(
      reductionOf(failing.summary).history,
    );
    const passing = pasted([1, 2], 'chunks', () => 'PASS');
    expect(passing.messages.map((message) => message.type)).toEqual(['confirmed', 'end']);
    // The confirmation was a call and an execution, in the end summary as in the message.
    expect(passing.messages[0]).toMatchObject({ counters: { calls: 1, executions: 1 } });
    expect(passing.messages[1]).toMatchObject({
      end: { status: 'not-failing', calls: 1, executions: 1, verifyExecutions: 0 },
    });
    expect(passing.summary).toMatchObject({ status: 'not-failing', calls: 1, executions: 1 });
  });

  describe('reports the progress of a search every 500 attempts', () => {
    const search = (maxAttempts: number, outcome: Outcome, judge?: SyncOracle) =>
      record(
        {
          code: { language: 'js', outcome: { source: 'x' } },
          generator: { seed: 7, length: 3, min: 0, max: 5 },
          maxAttempts,
          reducer: 'chunks',
          chase: { kind: 'wrong-answer' },
          cache: true,
          budgets: { callMs: 100 },
        },
        judge ?? (() => ({ outcome })),
      ).messages;
    const progress = (messages: TranscriptMessage[]) =>
      messages.flatMap((message) => (message.type === 'progress' ? [message.attempts] : []));

    it('whatever the outcome of the 500th attempt', () => {
      expect(progress(search(1200, 'PASS'))).toEqual([500, 1000, 1200]);
      expect(progress(search(1200, 'INVALID'))).toEqual([500, 1000, 1200]);
      expect(progress(search(1200, 'CRASH'))).toEqual([500, 1000, 1200]);
    });

    it('once at the end of a search, even when the end falls on a 500th attempt', () => {
      const messages = search(2 * PROGRESS_EVERY, 'PASS');
      expect(progress(messages)).toEqual([500, 1000]);
      expect(messages.map((message) => message.type)).toEqual([
        'progress',
        'progress',
        'not-found',
        'end',
      ]);
      expect(progress(search(0, 'PASS'))).toEqual([0]);
    });

    it('once when the failing attempt is a 500th one', () => {
      let calls = 0;
      const messages = search(1000, 'PASS', () => ({ outcome: ++calls === 500 ? 'FAIL' : 'PASS' }));
      expect(progress(messages)).toEqual([500]);
      expect(messages.slice(0, 2).map((message) => message.type)).toEqual(['progress', 'found']);
    });
  });

  it('is a pure function of the events: the read-back session gives the live messages', () => {
    fc.assert(
      fc.property(recordingArb, ({ session, messages, summary }) => {
        for (const form of ['raw', 'packed'] as const) {
          expect(transcriptOf(readSession(writeSession(session, form)))).toStrictEqual(messages);
        }
        expect(steps(messages).map((step) => step.row)).toStrictEqual(reductionOf(summary).history);
        const last = steps(messages).at(-1);
        if (last) {
          expect(last.counters).toStrictEqual({
            calls: summary.calls,
            executions: summary.executions,
            cacheHits: summary.cacheHits,
          });
        }
        const calls = session.events.filter((event): event is CallEvent => event.type === 'call');
        for (const step of steps(messages).filter((step) => step.cached)) {
          const earlier = calls.filter((call) => String(call.input) === String(step.row.trial));
          expect(step.verdict).toStrictEqual(verdictOfCall(earlier[0] as CallEvent));
        }
      }),
      { numRuns: 200 },
    );
  });
});
