import { expose } from 'comlink';
import type { ResolvedCode, Runtime } from '../../src/core/code/refs.js';
import type { Json } from '../../src/core/input/kinds.js';
import type { Role } from '../../src/core/oracle/verdict.js';
import type { RunSummary } from '../../src/core/run/run.js';
import { StatusTracker } from '../../src/core/run/status.js';
import type { SessionConfig } from '../../src/core/session/config.js';
import { writeSession } from '../../src/core/session/format/writer.js';
import { LiveOracle } from '../../src/live/live-oracle.js';
import { type Platform, runLive } from '../../src/live/run-live.js';
import { callEach, sealResults } from '../../src/protocol/batch.js';
import type { BatchInputs, SandboxApi, WorkerPort } from '../../src/protocol/sandbox.js';
import { Outbox } from './outbox.js';

/**
 * The article's session (seed 1103, 12 integers in [−9, 9], `chunks`) on a pair of the reducer's
 * own: the paths every run of integer arrays takes.
 */
const WARM_UP_CONFIG: SessionConfig = {
  task: 'reduce',
  code: { language: 'js', candidate: { source: '' }, reference: { source: '' } },
  generator: { seed: 1103, length: 12, min: -9, max: 9 },
  maxAttempts: 100_000,
  reducer: 'chunks',
  chase: { kind: 'wrong-answer' },
  cache: true,
  budgets: { callMs: 1000 },
};

/** Text for the transpiler to compile (the built-in sandboxes below never run it). */
const WARM_UP_CODE: ResolvedCode = {
  language: 'js',
  candidate: 'export function candidate(a) {\n  return 0;\n}',
  reference: 'export function reference(a) {\n  return 0;\n}',
};

/**
 * Runs the reducer worker's own paths once (a live run with its search, its reduction, its
 * transcript and its session text, the transpiler, the sandbox clients, batches both ways)
 * against two sandboxes built into this thread, while the page is idle: the first Runs then
 * find that code compiled instead of interpreting it. No user code is compiled or run, no worker
 * is started, and nothing is kept. Once `stopped` says so (a real run has begun), it ends at its
 * next request. Returns the run's summary (the article's: `[-7]` in 5 calls).
 */
export async function warmUp(
  platform: Platform,
  stopped: () => boolean = () => false,
): Promise<RunSummary | null> {
  const oracle = new LiveOracle(WARM_UP_CODE, {
    spawn: builtInSandbox,
    callMs: WARM_UP_CONFIG.budgets.callMs,
    transpile: platform.transpile,
  });
  const tracker = new StatusTracker(() => platform.clock());
  const outbox = new Outbox(() => {});
  try {
    const outcome = await runLive(WARM_UP_CONFIG, oracle, platform, {
      onMessage: (message) => outbox.push(message),
      onEvent: (event) => tracker.observe(event),
      around: (judged) => tracker.around(judged),
      cancelled: stopped,
    });
    outbox.flush();
    tracker.status();
    if (!outcome.ok) return null;
    writeSession(outcome.session);
    return outcome.summary;
  } finally {
    oracle.dispose();
  }
}

/**
 * A sandbox in this thread that runs a function of its own: the largest sum of a non-empty
 * subarray, correct for the reference, with the article's wrong zero start for the candidate.
 */
function builtInSandbox(role: Role, _runtime: Runtime): WorkerPort {
  const buggy = role === 'candidate';
  const fn = (input: Json): number => {
    const a = input as number[];
    let best = buggy ? 0 : Number.NEGATIVE_INFINITY;
    let here = 0;
    for (let i = 0; i < a.length; i++) {
      const x = a[i] as number;
      here = buggy ? Math.max(0, here + x) : Math.max(x, here + x);
      best = Math.max(best, here);
    }
    return best;
  };
  const api: SandboxApi = {
    load: () => ({ ok: true, exports: [role], entry: role }),
    call: (input) => ({ ok: true, value: fn(input), ms: 0 }),
    callBatch: (inputs: BatchInputs) =>
      sealResults(
        callEach(inputs, (input) => ({ ok: true, value: fn(input), ms: 0 })),
        0,
      ),
    check: () => null,
    ping: () => true,
  };
  const { port1, port2 } = new MessageChannel();
  expose(api, port1);
  return {
    endpoint: port2,
    terminate() {
      port1.close();
      port2.close();
    },
    onExit() {},
  };
}
