import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replaySession } from '../../../src/core/replay/replay.js';
import { ReplayError } from '../../../src/core/replay/replay-oracle.js';
import { deriveReplayScript, type ReplayEntry } from '../../../src/core/replay/script.js';
import { reductionOf } from '../../../src/core/run/summary.js';
import type { TranscriptMessage } from '../../../src/core/run/transcript.js';
import type { EndEvent, Session } from '../../../src/core/session/events.js';
import { jsonLine } from '../../../src/core/session/format/json-line.js';
import { readSession } from '../../../src/core/session/format/reader.js';
import { writeSession } from '../../../src/core/session/format/writer.js';
import { normaliseSession, withoutDurations } from '../../../src/core/session/normalise.js';
import type { Scenario } from '../../../src/core/session/scenario.js';
import { reduction } from '../../support/tasks.js';
import {
  articleJudge,
  counterClock,
  exampleConfig,
  exampleFile,
  record,
  recordCancelled,
  recordingArb,
  runArb,
  SCENARIOS,
} from '../session/sessions.js';

/** A transcript as committed: one normalised message per line. */
const transcriptText = (messages: readonly TranscriptMessage[]) =>
  messages.map((message) => `${jsonLine(withoutDurations(message))}\n`).join('');

const ARTICLE_TEXT = exampleFile('article', 'session.jsonl');
const ARTICLE = readSession(ARTICLE_TEXT);

/** The ReplayError a replay rejects with (the test fails when it resolves). */
async function replayError(promise: Promise<unknown>): Promise<ReplayError> {
  const error = await promise.then(
    () => {
      throw new Error('the replay succeeded, but a ReplayError was expected');
    },
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(ReplayError);
  return error as ReplayError;
}

describe('replaySession', () => {
  it('replays the article: the same events, the same transcript, no code run', async () => {
    const seen: TranscriptMessage[] = [];
    const result = await replaySession(ARTICLE, { onMessage: (message) => seen.push(message) });
    expect(result.events).toStrictEqual(ARTICLE.events);
    expect(writeSession({ header: ARTICLE.header, events: result.events })).toBe(ARTICLE_TEXT);
    expect(transcriptText(result.messages)).toBe(
      exampleFile('article', 'transcript.expected.jsonl'),
    );
    expect(seen).toStrictEqual(result.messages);
    expect(result.summary).toMatchObject({
      status: 'reduced',
      attempts: 4452,
      reduced: [-7],
      calls: 5,
      verified: true,
    });
  });

  it.each(SCENARIOS)(
    'replays the committed %s scenario to its transcript and session',
    async (name) => {
      const scenario = JSON.parse(exampleFile(name, 'input.json')) as Scenario;
      const session = readSession(exampleFile(name, 'session.jsonl'));
      const script = scenario.overridden
        ? (JSON.parse(exampleFile(name, 'replay.override.json')) as ReplayEntry[])
        : undefined;
      const result = await replaySession(session, script ? { script } : {});
      expect(transcriptText(result.messages)).toBe(exampleFile(name, 'transcript.expected.jsonl'));
      const replayed = { header: session.header, events: result.events };
      expect(writeSession(normaliseSession(replayed))).toBe(
        writeSession(normaliseSession(session)),
      );
    },
  );

  it('replays the timeout-cancel override: the hung call cancels the replay', async () => {
    const session = readSession(exampleFile('timeout-cancel', 'session.jsonl'));
    const script = JSON.parse(exampleFile('timeout-cancel', 'replay.override.json'));
    const result = await replaySession(session, { script });
    expect(result.summary.status).toBe('cancelled');
    // The recording was cancelled while its second reduction trial hung.
    expect(result.events.at(-1)).toMatchObject({ type: 'end', status: 'cancelled', calls: 2 });
    expect(transcriptText(result.messages)).toBe(
      exampleFile('timeout-cancel', 'transcript.expected.jsonl'),
    );
  });

  it('re-persists random sessions to the same events and the same transcript', async () => {
    await fc.assert(
      fc.asyncProperty(recordingArb, fc.boolean(), async ({ session, messages }, packed) => {
        const text = writeSession(session, packed ? 'packed' : 'raw');
        const result = await replaySession(readSession(text));
        expect(result.events).toStrictEqual(session.events);
        expect(result.messages).toStrictEqual(messages);
        expect(writeSession({ header: session.header, events: result.events })).toBe(
          writeSession(session),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('stops a replay where a time budget stopped the recording', async () => {
    const config = { ...exampleConfig('article'), budgets: { callMs: 1000, maxMs: 3 } };
    const { session, summary } = record(config, articleJudge, { clock: counterClock() });
    expect(summary.stopped).toBe('max-ms');
    expect(reductionOf(summary).history).toHaveLength(2);
    const result = await replaySession(readSession(writeSession(session)));
    expect(result.events).toStrictEqual(session.events);
    expect(result.summary.stopped).toBe('max-ms');
    // The same budget that did not run out in the recording does not run out in the replay.
    const slow = { ...exampleConfig('article'), budgets: { callMs: 1000, maxMs: 1000 } };
    const done = record(slow, articleJudge, { clock: counterClock() }).session;
    expect((await replaySession(done)).events).toStrictEqual(done.events);
  });

  it('stops at the start where a time budget ran out during the confirmation', async () => {
    const config = { ...exampleConfig('trap'), budgets: { callMs: 1000, maxMs: 5 } };
    let t = 0;
    const { session } = record(
      config,
      (a) => ({
        outcome: (a as number[]).length === 4 ? 'FAIL' : 'PASS',
      }),
      {
        clock: () => (t += 10),
      },
    );
    expect(session.events.filter((event) => event.type === 'decision')).toHaveLength(0);
    expect(session.events.at(-1)).toMatchObject({ stopped: 'max-ms' });
    expect((await replaySession(session)).events).toStrictEqual(session.events);
  });

  it('replays a recording the user cancelled, and cancels where it was cancelled', async () => {
    await fc.assert(
      fc.asyncProperty(runArb, fc.integer({ min: 1, max: 40 }), async ({ config, judge }, at) => {
        const { session, messages } = await recordCancelled(config, judge, at);
        const result = await replaySession(readSession(writeSession(session)));
        expect(result.events).toStrictEqual(session.events);
        expect(result.messages).toStrictEqual(messages);
        expect(result.summary.status).toBe((session.events.at(-1) as EndEvent).status);
      }),
      { numRuns: 150 },
    );
  });

  it('fails on divergence, naming the call, its session line and both trials', async () => {
    // Replayed with ddmin, the first trial is not the one chunks recorded.
    const session: Session = {
      ...ARTICLE,
      header: {
        ...ARTICLE.header,
        config: { ...reduction(ARTICLE.header.config), reducer: 'ddmin' },
      },
    };
    const error = await replayError(replaySession(session));
    expect(error).toMatchObject({
      kind: 'divergence',
      call: 4454,
      line: 6,
      expected: [-1, -9, -5, -4, -6, -7],
      requested: [-3, -3, -8, -4, -4, -8],
    });
    expect(error.message).toBe(
      'replay diverged at call 4454 (session line 6): the recording has trial ' +
        '[-1,-9,-5,-4,-6,-7] but [-3,-3,-8,-4,-4,-8] was requested',
    );
  });

  it('fails on exhaustion: "recording has N calls; call N+1 requested"', async () => {
    const script = deriveReplayScript(ARTICLE).slice(0, -1);
    const error = await replayError(replaySession(ARTICLE, { script }));
    expect(error.message).toBe('recording has 4458 calls; call 4459 requested');
    expect([error.kind, error.call]).toEqual(['exhaustion', 4459]);
  });

  it('fails when recorded calls are left at the end', async () => {
    const script: ReplayEntry[] = [
      ...deriveReplayScript(ARTICLE),
      { kind: 'verdict', input: [1], verdict: { outcome: 'PASS' }, line: 10 },
      { kind: 'hang', input: [2] },
    ];
    const error = await replayError(replaySession(ARTICLE, { script }));
    expect(error.message).toBe(
      'the replay ended with 2 recorded calls not requested (next: call 4460 (session line 10))',
    );
    expect(error).toMatchObject({ kind: 'unconsumed', call: 4460, line: 10 });
  });

  it('cancels at a hang entry with cancel, and then fails: the log was not cancelled there', async () => {
    const script = deriveReplayScript(ARTICLE);
    const first = script[4453] as ReplayEntry;
    script[4453] = { kind: 'hang', input: first.input, cancel: true };
    const error = await replayError(replaySession(ARTICLE, { script }));
    expect(error.kind).toBe('divergence');
    // Cancelled at the first reduction call, the replay re-runs its result (still the start) to
    // verify it, where the log has its second trial.
    expect(error.message).toBe(
      'replay diverged at call 4455 (session line 6): the recording has trial ' +
        '[-4,-6,-7] but [-3,-3,-8,-4,-4,-8,-1,-9,-5,-4,-6,-7] was requested',
    );
  });

  it('fails when a line outside the oracle calls was altered (the end summary)', async () => {
    const text = ARTICLE_TEXT.replace('"reduced":[-7]', '"reduced":[-6]');
    const error = await replayError(replaySession(readSession(text)));
    expect(error.kind).toBe('divergence');
    expect(error.message).toMatch(/^replay diverged at event 4466 \(session line 10\)/);
  });

  it('ends as cancelled when its caller cancels', async () => {
    let messages = 0;
    const result = await replaySession(ARTICLE, {
      onMessage: () => void messages++,
      cancelled: () => messages >= 12,
    });
    expect(result.summary.status).toBe('cancelled');
    expect(result.events.filter((event) => event.type === 'decision')).toHaveLength(1);
    expect(result.events.at(-1)).toMatchObject({ type: 'end', status: 'cancelled' });
  });

  it('does not cancel a recording that was not cancelled when its script runs out', async () => {
    const { session } = record(exampleConfig('trap'), (a) => ({
      outcome: String(a) === '' ? 'INVALID' : (a as number[]).includes(3) ? 'FAIL' : 'PASS',
    }));
    const script = deriveReplayScript(session).slice(0, 2);
    expect((await replayError(replaySession(session, { script }))).kind).toBe('exhaustion');
  });
});
