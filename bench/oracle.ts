import { FIND_BATCH } from '../src/core/generate/find.js';
import { JUDGED_AHEAD } from '../src/core/reduce/exhaustive.js';
import type { LiveOracle } from '../src/live/live-oracle.js';
import { type ArticleCode, articleInputs } from './article.js';
import type { TransportFloor } from './floor.js';
import {
  batchedRate,
  directJudge,
  perTrialRate,
  type Rate,
  sandboxJudge,
  syncRate,
} from './rates.js';
import { roundTo } from './stats.js';

/** Where an oracle measurement ran. */
export type Environment = 'node' | 'chromium';

/** Section 1 for one environment: the in-thread limit and the worker paths, with ratios. */
export interface OracleReport {
  environment: Environment;
  /** Candidate + reference called directly in this thread: the limit. */
  inThreadLimit: Rate;
  /** The sandbox's per-call wrapper in this thread, without a worker (where the rest goes). */
  inThreadSandbox: Rate;
  /** `LiveOracle.judge`, one trial per round trip to both workers. */
  workersPerTrial: Rate;
  /**
   * `LiveOracle.judgeBatch` in batches of `batchSize` (the search's batch), at the steady state,
   * in runs of ≥ 40 ms as the limit's (see {@link batchedRate}).
   */
  workersBatched: Rate & { batchSize: number };
  /**
   * The same batches pipelined as the product's runner sends a request's announced next ones
   * (an exhaustive check's batches): each asked for while the {@link JUDGED_AHEAD} before it are
   * in flight.
   */
  workersPipelined: Rate;
  /**
   * The same batches' first five runs after the per-trial measure, each a few milliseconds (what
   * this section reported before it measured the steady state): the workers' code still warming.
   */
  workersBatchedEarly: Rate;
  /** The batched rate at other batch sizes, at the steady state. */
  batchSweep: { batchSize: number; callsPerSecond: number; ratio: number }[];
  /** Each rate over the in-thread limit. */
  ratios: {
    inThreadSandbox: number;
    workersPerTrial: number;
    workersBatched: number;
    workersPipelined: number;
    workersBatchedEarly: number;
  };
  /** Starting both workers and loading the code (ms). */
  loadMs: number;
  /** The workers' verdicts equal the limit's on every input measured. */
  agrees: boolean;
  /**
   * Whether this realm was already frozen when the worker paths were measured (it should not be:
   * the product's host realm never is).
   */
  hostFrozen: boolean;
  /** What the transport alone allows a trial, with no sandbox and no oracle (see floor.ts). */
  floor: TransportFloor;
}

/** How many inputs a per-trial run judges (one round trip each). */
const PER_TRIAL_INPUTS = 1000;

/** Batch sizes besides the search's, each over 8192 generated inputs. */
const SWEEP = [1024, 4096];

/** How long a timed run of batches lasts at least (ms): as long as the limit's (see syncRate). */
const STEADY_MS = 40;

/**
 * Measures the oracle limit and the worker paths for the article's code (n = 12, the inputs of
 * the seed 1103 search) with a live oracle made by `createOracle` (Node or browser workers).
 * The worker paths are measured first, while this realm is as the product's host realm is (not
 * frozen); the in-thread measures after them freeze it.
 */
export async function measureOracle(
  environment: Environment,
  code: ArticleCode,
  createOracle: () => LiveOracle,
  floor: () => Promise<TransportFloor>,
): Promise<OracleReport> {
  const inputs = articleInputs();
  const sweepInputs = articleInputs(8192);
  // The worker paths first: the limit below freezes this realm (ses `lockdown`, as each sandbox
  // does its own), and the host's side of the worker path (the oracle, Comlink, the transport)
  // runs slower in a frozen realm than in the product's, which is never frozen.
  const hostFrozen = Object.isFrozen(Array.prototype);
  const started = performance.now();
  const oracle = createOracle();
  try {
    const errors = await oracle.load();
    if (errors.length > 0)
      throw new Error(`the article's code does not load: ${errors[0]?.message}`);
    const loadMs = performance.now() - started;
    const verdicts = await oracle.judgeBatch(inputs);
    const perTrial = await perTrialRate(oracle, inputs.slice(0, PER_TRIAL_INPUTS));
    const early = await batchedRate(oracle, inputs, FIND_BATCH);
    const batched = await batchedRate(oracle, inputs, FIND_BATCH, 5, STEADY_MS);
    const pipelined = await batchedRate(oracle, inputs, FIND_BATCH, 5, STEADY_MS, JUDGED_AHEAD);
    const swept: { batchSize: number; rate: Rate }[] = [];
    for (const batchSize of SWEEP) {
      const rate = await batchedRate(oracle, sweepInputs, batchSize, 5, STEADY_MS);
      swept.push({ batchSize, rate });
    }
    const direct = directJudge(code);
    const limit = await syncRate(direct, inputs);
    const sandbox = await syncRate(sandboxJudge(code), inputs);
    const ratio = (r: Rate) => roundTo(r.callsPerSecond / limit.callsPerSecond, 4);
    const batchSweep = swept.map(({ batchSize, rate }) => ({
      batchSize,
      callsPerSecond: rate.callsPerSecond,
      ratio: ratio(rate),
    }));
    const ok = inputs.every((input, i) => verdicts[i]?.outcome === direct(input).outcome);
    return {
      environment,
      inThreadLimit: limit,
      inThreadSandbox: sandbox,
      workersPerTrial: perTrial,
      workersBatched: { ...batched, batchSize: FIND_BATCH },
      workersPipelined: pipelined,
      workersBatchedEarly: early,
      batchSweep,
      ratios: {
        inThreadSandbox: ratio(sandbox),
        workersPerTrial: ratio(perTrial),
        workersBatched: ratio(batched),
        workersPipelined: ratio(pipelined),
        workersBatchedEarly: ratio(early),
      },
      loadMs: roundTo(loadMs, 1),
      agrees: ok,
      hostFrozen,
      floor: await floor(),
    };
  } finally {
    oracle.dispose();
  }
}
