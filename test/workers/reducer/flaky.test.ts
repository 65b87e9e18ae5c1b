import { describe, expect, it } from 'vitest';
import type { ResolvedCode } from '../../../src/core/code/refs.js';
import { reductionOf } from '../../../src/core/run/summary.js';
import type { SessionConfig } from '../../../src/core/session/config.js';
import { readSession } from '../../../src/core/session/format/reader.js';
import type { LiveReply } from '../../../src/protocol/reducer.js';
import { collector, comparable, inputConfig, SUM_REFERENCE, useNodeApis } from './support.js';

const nodeApi = useNodeApis();

function finished(reply: LiveReply) {
  if (!reply.ok || !('summary' in reply))
    throw new Error(`the run failed: ${JSON.stringify(reply)}`);
  return reply;
}

/** Wrong whenever the input holds a 0; otherwise wrong on every second call only. */
const COUNTER_CANDIDATE = `let calls = 0;
export function candidate(a) {
  calls += 1;
  const sum = a.reduce((s, x) => s + x, 0);
  if (a.includes(0)) return sum - 1;
  return calls % 2 === 0 ? sum - 1 : sum;
}`;

/** Wrong on about a third of the inputs, chosen by Math.random. */
const RANDOM_CANDIDATE = `export function candidate(a) {
  const sum = a.reduce((s, x) => s + x, 0);
  return Math.random() < 0.3 ? sum + 1 : sum;
}`;

describe('repeats: flakiness in live runs', () => {
  it('marks a failure that does not reproduce as flaky and never accepts it', async () => {
    const code: ResolvedCode = {
      language: 'js',
      candidate: COUNTER_CANDIDATE,
      reference: SUM_REFERENCE,
    };
    const config = inputConfig(code, [0, 1, 2, 3], { repeats: 2 });
    const listener = collector();
    const reply = finished(await nodeApi().run(config, code, listener));
    const steps = listener.heard.flatMap((m) => (m.type === 'trial' ? [m] : []));
    // Candidate calls 4 and 10 answer wrong, 5 and 11 right, 6 and 12 wrong again.
    expect(
      steps.map((step) => [step.row.trial, step.verdict.flaky ?? null, step.row.accepted]),
    ).toEqual([
      [[2, 3], ['FAIL', 'PASS', 'FAIL'], false],
      [[0, 1], null, true],
      [[1], ['FAIL', 'PASS', 'FAIL'], false],
      [[0], null, true],
    ]);
    expect(reply.summary).toMatchObject({ status: 'reduced', reduced: [0], verified: true });
    // The history says so too (what the CLI prints and exports).
    expect(reductionOf(reply.summary).history.map((row) => row.flaky ?? null)).toEqual([
      ['FAIL', 'PASS', 'FAIL'],
      null,
      ['FAIL', 'PASS', 'FAIL'],
      null,
    ]);
    // The session records the disagreement with the call.
    const calls = readSession(reply.session).events.flatMap((e) => (e.type === 'call' ? [e] : []));
    expect(calls.filter((call) => call.flaky).map((call) => call.input)).toEqual([[2, 3], [1]]);
  });

  it('a flaky start input is not reduced at all', async () => {
    const candidate = `let calls = 0;
export function candidate(a) {
  calls += 1;
  return calls % 2 === 1 ? -1 : a.length;
}`;
    const code: ResolvedCode = {
      language: 'js',
      candidate,
      reference: 'export function reference(a) {\n  return a.length;\n}',
    };
    const reply = finished(
      await nodeApi().run(inputConfig(code, [4, 5, 6], { repeats: 2 }), code, collector()),
    );
    expect(reply.summary.status).toBe('not-failing');
    expect(reply.summary.message).toBe(
      'the start input does not reproduce the failure: it is flaky (its runs gave FAIL, PASS, FAIL)',
    );
    expect(reductionOf(reply.summary).history).toEqual([]);
  });

  it('seeds Math.random per input: a candidate using it is not flaky and records the same session twice', async () => {
    const code: ResolvedCode = {
      language: 'js',
      candidate: RANDOM_CANDIDATE,
      reference: SUM_REFERENCE,
    };
    const config: SessionConfig = {
      ...inputConfig(code, []),
      generator: { seed: 7, length: 8, min: -9, max: 9 },
      maxAttempts: 200,
      repeats: 2,
    };
    delete config.input;
    const api = nodeApi();
    const first = finished(await api.run(config, code, collector()));
    const second = finished(await api.run(config, code, collector()));
    expect(first.summary.status).toBe('reduced');
    expect(reductionOf(first.summary).history.length).toBeGreaterThan(2);
    expect(first.session).not.toContain('"flaky"');
    expect(comparable(second.session)).toBe(comparable(first.session));
  });
});
