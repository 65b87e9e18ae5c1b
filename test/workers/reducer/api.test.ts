import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expose } from 'comlink';
import { describe, expect, it } from 'vitest';
import { examplesDir, loadScenario, resolveCode } from '../../../src/cli/examples.js';
import type { ResolvedCode } from '../../../src/core/code/refs.js';
import type { ReplayEntry } from '../../../src/core/replay/script.js';
import { reductionOf } from '../../../src/core/run/summary.js';
import { readSession } from '../../../src/core/session/format/reader.js';
import { scenarioConfig } from '../../../src/core/session/scenario.js';
import type { RunReply } from '../../../src/protocol/reducer.js';
import { createReducerApi, type ReducerPlatform } from '../../../workers/reducer/api.js';
import { createSandboxApi } from '../../../workers/sandbox/api.js';
import { recordedConfig, transcriptText } from '../../snapshot/harness.js';
import { sandboxesDownTo, sandboxProcesses } from '../../support/processes.js';
import {
  ARTICLE_CODE,
  ARTICLE_INPUT,
  collector,
  comparable,
  countingPlatform,
  inputConfig,
  noWorkerPlatform,
  SUM_REFERENCE,
  sleep,
  useNodeApis,
} from './support.js';

const fixture = (name: string, file: string) =>
  readFileSync(join(examplesDir(), name, file), 'utf8');

/** The reply of a run that must have finished with a session. */
function finished<R extends RunReply>(reply: R): Extract<R, { ok: true }> {
  if (!reply.ok) throw new Error(`the run failed: ${JSON.stringify(reply)}`);
  return reply as Extract<R, { ok: true }>;
}

/** A reducer API on real Node workers, disposed after the test. */
const nodeApi = useNodeApis();

/** The buggy Kadane, hanging on some inputs (a length-3 input loops forever). */
const HANGS_ON_THREE = `export function candidate(a) {
  if (a.length === 3) while (true) {}
  let best = 0;
  let current = 0;
  for (const x of a) {
    current = Math.max(0, current + x);
    best = Math.max(best, current);
  }
  return best;
}`;

describe('createReducerApi: live runs', () => {
  it('runs the article lesson to [-7] in 5 calls with the committed transcript', async () => {
    const api = nodeApi();
    const config = recordedConfig('article', loadScenario('article'));
    const listener = collector();
    const reply = finished(await api.run(config, resolveCode(config.code), listener));
    expect(reply.summary).toMatchObject({
      status: 'reduced',
      attempts: 4452,
      original: ARTICLE_INPUT,
      reduced: [-7],
      reducedExpected: -7,
      reducedActual: 0,
      calls: 5,
      verified: true,
    });
    expect(transcriptText(listener.heard)).toBe(fixture('article', 'transcript.expected.jsonl'));
    // The listener hears the end after the last message, with the reply itself.
    expect(listener.ended).toEqual([reply]);
    // The re-persisted session is the committed one, up to ids, times and durations.
    expect(comparable(reply.session)).toBe(comparable(fixture('article', 'session.jsonl')));
  });

  it('finishes a candidate that hangs on some inputs with TIMEOUT verdicts, reducing past them', async () => {
    const api = nodeApi();
    const code: ResolvedCode = { ...ARTICLE_CODE, candidate: HANGS_ON_THREE };
    const config = inputConfig(code, ARTICLE_INPUT, { budgets: { callMs: 200 } });
    const listener = collector();
    const reply = finished(await api.run(config, code, listener));
    const steps = listener.heard.flatMap((m) => (m.type === 'trial' ? [m] : []));
    const timeouts = steps.filter((step) => step.verdict.outcome === 'TIMEOUT');
    expect(timeouts.map((step) => step.row.trial)).toEqual([
      [-4, -6, -7],
      [-1, -9, -5],
    ]);
    for (const step of timeouts) {
      expect(step.row.accepted).toBe(false);
      expect(step.verdict.error).toMatchObject({
        name: 'Timeout',
        message: 'ran longer than 200 ms',
        role: 'candidate',
      });
    }
    expect(steps.at(-1)?.row).toMatchObject({ trial: [-7], accepted: true });
    expect(reply.summary).toMatchObject({ status: 'reduced', reduced: [-7], verified: true });
  });

  it('stops a run within one call when cancelled during a hang, leaving no worker behind', async () => {
    const before = await sandboxesDownTo(0);
    const api = nodeApi();
    const callMs = 3000;
    // Every trial shorter than the start hangs: the first reduction call is cut short.
    const candidate = `export function candidate(a) {
  if (a.length < 12) while (true) {}
  return 0;
}`;
    const code: ResolvedCode = { ...ARTICLE_CODE, candidate };
    const config = inputConfig(code, ARTICLE_INPUT, { budgets: { callMs } });
    let cancelledAt = 0;
    const listener = collector();
    const messages = listener.messages.bind(listener);
    listener.messages = (batch) => {
      messages(batch);
      if (batch.some((m) => m.type === 'confirmed')) {
        setTimeout(() => {
          cancelledAt = performance.now();
          api.cancel();
        }, 150);
      }
    };
    const reply = finished(await api.run(config, code, listener));
    const afterCancel = performance.now() - cancelledAt;
    console.log(`cancel() to the run resolving: ${afterCancel.toFixed(1)} ms`);
    expect(cancelledAt).toBeGreaterThan(0);
    expect(afterCancel).toBeLessThan(callMs / 4);
    expect(reply.summary).toMatchObject({ status: 'cancelled', stopped: 'cancelled' });
    expect(reductionOf(reply.summary).reduced).toEqual(ARTICLE_INPUT);
    expect(listener.heard.at(-1)).toMatchObject({ type: 'end', end: { status: 'cancelled' } });
    // The hung call was never answered: it is not in the session.
    expect(readSession(reply.session).events.filter((e) => e.type === 'call')).toHaveLength(1);

    expect(api.workers()).toEqual({ spawned: 2, alive: 0 });
    expect(await sandboxesDownTo(before)).toBe(before);
  });

  it('stops a search within one call when cancelled while a batch of attempts hangs', async () => {
    const api = nodeApi();
    const scenario = loadScenario('timeout');
    const config = {
      ...scenarioConfig('timeout', scenario),
      chase: { kind: 'wrong-answer' as const },
      budgets: { callMs: 3000 },
    };
    const listener = collector();
    const running = api.run(config, resolveCode(config.code), listener);
    // The gcd candidate's early attempts hang (a 0 next to a positive number).
    await sleep(400);
    const cancelledAt = performance.now();
    api.cancel();
    const reply = finished(await running);
    expect(performance.now() - cancelledAt).toBeLessThan(750);
    expect(reply.summary).toMatchObject({
      status: 'cancelled',
      message: 'cancelled during the search',
    });
    expect(api.workers().alive).toBe(0);
  });

  it('ends a run cancelled while its workers start as cancelled, not as a failure', async () => {
    const api = nodeApi();
    const config = inputConfig(ARTICLE_CODE, ARTICLE_INPUT);
    const listener = collector();
    const running = api.run(config, ARTICLE_CODE, listener);
    api.cancel();
    const reply = finished(await running);
    expect(reply.summary).toMatchObject({ status: 'cancelled', calls: 0 });
    expect(listener.heard).toEqual([
      { type: 'end', end: expect.objectContaining({ status: 'cancelled', calls: 0 }) },
    ]);
    expect(api.workers().alive).toBe(0);
  });

  it('prepares without running any of the code: a top level that hangs runs only at Run', async () => {
    const platform = countingPlatform();
    const api = nodeApi(platform);
    const code: ResolvedCode = {
      ...ARTICLE_CODE,
      candidate: `while (true) {}\nexport function candidate(a) {\n  return 0;\n}`,
    };
    const started = performance.now();
    expect(await api.prepare(code)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(500);
    // Spares for both roles, with no code in them.
    expect(platform.spawned.sort()).toEqual(['candidate', 'reference']);
    const reply = await api.run(
      inputConfig(code, ARTICLE_INPUT, { budgets: { callMs: 300 } }),
      code,
      collector(),
    );
    expect(reply).toMatchObject({ ok: false, errors: [{ role: 'candidate', name: 'Timeout' }] });
    // The run took the spares: none was started for it.
    expect(platform.spawned).toHaveLength(4);
  });

  it('gives a second run of the same code fresh workers', async () => {
    const api = nodeApi();
    // Buggy on its first four calls only (all one run makes: the confirmation, two trials, the
    // result run again to verify it): a worker reused by the next run would pass.
    const candidate = `let calls = 0;
export function candidate(a) {
  calls += 1;
  return calls <= 4 ? Math.max(0, ...a) : Math.max(...a);
}`;
    const reference = 'export function reference(a) {\n  return Math.max(...a);\n}';
    const code: ResolvedCode = { language: 'js', candidate, reference };
    const config = inputConfig(code, [-5, -3, -8, -1]);
    const first = finished(await api.run(config, code, collector()));
    const second = finished(await api.run(config, code, collector()));
    expect(first.summary).toMatchObject({ status: 'reduced', reduced: [-1], verified: true });
    expect(comparable(second.session)).toBe(comparable(first.session));
    // Two runs and a warm set for the next one, two workers each.
    expect(await api.prepare(code)).toEqual([]);
    expect(api.workers()).toEqual({ spawned: 6, alive: 2 });
    api.dispose();
    expect(api.workers()).toEqual({ spawned: 6, alive: 0 });
  });
});

describe('createReducerApi: compile errors', () => {
  const broken: ResolvedCode = {
    language: 'ts',
    candidate: `export function candidate(a: number[]): number {
  const n: number = a.length
  return n * (;
}`,
    reference: SUM_REFERENCE,
  };

  it('prepare() returns the errors of a broken candidate with line and column', async () => {
    const api = nodeApi();
    expect(await api.prepare(broken)).toEqual([
      { role: 'candidate', name: 'SyntaxError', message: expect.any(String), line: 3, column: 15 },
    ]);
  });

  it('run() answers with the same errors and records nothing', async () => {
    const api = nodeApi();
    const listener = collector();
    const reply = await api.run(inputConfig(broken, [1, 2]), broken, listener);
    expect(reply).toEqual({
      ok: false,
      errors: [expect.objectContaining({ role: 'candidate', line: 3, column: 15 })],
    });
    expect(listener.heard).toEqual([]);
  });
});

describe('createReducerApi: missing code', () => {
  it('answers code without a reference with an error for that role, starting nothing', async () => {
    const platform = noWorkerPlatform();
    const api = createReducerApi(platform);
    const code: ResolvedCode = { language: 'js', candidate: SUM_REFERENCE };
    const missing = {
      role: 'reference',
      name: 'Error',
      message: 'the reference code is missing',
      line: 1,
      column: 1,
    };
    expect(await api.prepare(code)).toEqual([missing]);
    expect(await api.run(inputConfig(code, [1]), code, collector())).toEqual({
      ok: false,
      errors: [missing],
    });
    expect(platform.attempts).toEqual([]);
  });
});

describe('createReducerApi: replay', () => {
  it('replays a recorded session without starting any worker', async () => {
    const platform = noWorkerPlatform();
    const api = createReducerApi(platform);
    const listener = collector();
    const reply = finished(await api.replay(fixture('article', 'session.jsonl'), listener));
    expect(reply.summary).toMatchObject({ reduced: [-7], calls: 5 });
    expect(transcriptText(listener.heard)).toBe(fixture('article', 'transcript.expected.jsonl'));
    expect(api.workers()).toEqual({ spawned: 0, alive: 0 });
    expect(platform.attempts).toEqual([]);
  });

  it('compares a Run live with the recording just replayed, and with any other text read anew', async () => {
    const api = nodeApi();
    const recording = fixture('article', 'session.jsonl');
    finished(await api.replay(recording, collector()));
    const config = recordedConfig('article', loadScenario('article'));
    const code = resolveCode(config.code);
    const same = finished(await api.run(config, code, collector(), recording));
    expect(same.comparison).toEqual({ match: true, calls: 4459 });
    // The same recording but for the verify call's answer: the runs part at that call.
    const edited = recording.replace('"execution":6,"expected":-7', '"execution":6,"expected":-6');
    expect(edited).not.toBe(recording);
    const other = finished(await api.run(config, code, collector(), edited));
    expect(other.comparison).toMatchObject({ match: false, call: 4458 });
  });

  it('replays a session cancelled during a hang from its override script', async () => {
    const platform = noWorkerPlatform();
    const api = createReducerApi(platform);
    const script = JSON.parse(fixture('timeout-cancel', 'replay.override.json')) as ReplayEntry[];
    const listener = collector();
    const reply = finished(
      await api.replay(fixture('timeout-cancel', 'session.jsonl'), listener, script),
    );
    expect(reply.summary.status).toBe('cancelled');
    expect(transcriptText(listener.heard)).toBe(
      fixture('timeout-cancel', 'transcript.expected.jsonl'),
    );
    expect(platform.attempts).toEqual([]);
  });

  it('answers malformed text with a format failure naming the line', async () => {
    const api = createReducerApi(noWorkerPlatform());
    const lines = fixture('article', 'session.jsonl').split('\n');
    lines[4] = (lines[4] ?? '').slice(0, 30);
    expect(await api.replay(lines.join('\n'), collector())).toEqual({
      ok: false,
      failure: { kind: 'format', message: expect.stringMatching(/^line 5/), line: 5, column: 31 },
    });
    expect(await api.replay('', collector())).toMatchObject({
      ok: false,
      failure: { kind: 'format', line: 1 },
    });
    expect(await api.replay('{"type":"header"}\n', collector())).toMatchObject({
      ok: false,
      failure: { kind: 'format', line: 1 },
    });
  });

  it('answers a tampered session with a replay failure naming the call and the line', async () => {
    const api = createReducerApi(noWorkerPlatform());
    const lines = fixture('article', 'session.jsonl').split('\n');
    // The first reduction trial now removes [0, 5) instead of [0, 6).
    lines[5] = (lines[5] ?? '').replace('"hi":6', '"hi":5');
    const listener = collector();
    const reply = await api.replay(lines.join('\n'), listener);
    expect(reply).toEqual({
      ok: false,
      failure: {
        kind: 'replay',
        message: expect.stringContaining('diverged at call 4454'),
        call: 4454,
        line: 6,
      },
    });
    expect(listener.heard.length).toBeGreaterThan(0);
  });
});

describe('createReducerApi: sandbox processes', () => {
  it('starts no sandbox of its own before anything runs', async () => {
    const before = await sandboxesDownTo(0);
    const api = nodeApi();
    expect(api.workers()).toEqual({ spawned: 0, alive: 0 });
    expect(sandboxProcesses()).toHaveLength(before);
  });
});

describe('createReducerApi: checks', () => {
  it('runs a check in the spares already started, and starts spares again after it', async () => {
    // Each sandbox started is numbered; a sandbox is used once it is sent anything.
    const inner = countingPlatform();
    const used = new Set<number>();
    const platform: ReducerPlatform = {
      ...inner,
      spawn(role, runtime) {
        const port = inner.spawn(role, runtime);
        const index = inner.spawned.length - 1;
        const post = port.endpoint.postMessage.bind(port.endpoint);
        port.endpoint.postMessage = (message, transfer) => {
          used.add(index);
          post(message, transfer);
        };
        return port;
      },
    };
    const api = nodeApi(platform);
    expect(await api.prepare(ARTICLE_CODE)).toEqual([]);
    expect(inner.spawned).toEqual(['candidate', 'reference']);
    const reply = await api.compare(
      {
        code: ARTICLE_CODE,
        input: ARTICLE_INPUT,
        shape: { kind: 'int-array' },
        chase: { kind: 'wrong-answer' },
        cache: true,
        callMs: 1000,
        reducers: ['chunks'],
      },
      () => {},
    );
    expect(reply.ok && reply.rows.map((row) => [row.reducer, row.calls, row.reduced])).toEqual([
      ['chunks', 5, [-7]],
    ]);
    // The comparison took both spares and started none; two spares wait again.
    expect([...used].sort()).toEqual([0, 1]);
    expect(inner.spawned).toEqual(['candidate', 'reference', 'candidate', 'reference']);
    expect(api.workers()).toEqual({ spawned: 4, alive: 2 });
  });
});

describe('createReducerApi: a sandbox that forges its answers', () => {
  it('fails the run with a clear message and records no forged verdict', async () => {
    // A sandbox whose calls claim a timeout: only the host's clock may say that.
    const forging: ReducerPlatform = {
      ...noWorkerPlatform(),
      spawn: () => {
        const { port1, port2 } = new MessageChannel();
        const real = createSandboxApi();
        expose(
          {
            ...real,
            call: () => ({
              ok: false,
              timeout: true,
              error: { name: 'Timeout', message: '' },
              ms: 1,
            }),
          },
          port1,
        );
        return { endpoint: port2, terminate: () => port1.close(), onExit: () => {} };
      },
    };
    const api = createReducerApi(forging);
    const listener = collector();
    const reply = await api.run(inputConfig(ARTICLE_CODE, ARTICLE_INPUT), ARTICLE_CODE, listener);
    expect(reply).toEqual({
      ok: false,
      failure: {
        kind: 'sandbox',
        message: expect.stringContaining(
          'sandbox sent a malformed reply (a sandbox may not report a timeout)',
        ),
      },
    });
    expect(listener.heard.filter((m) => m.type === 'confirmed')).toEqual([]);
    api.dispose();
  });
});
