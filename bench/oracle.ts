import { FIND_BATCH } from '../src/core/generate/find.js';
import type { LiveOracle } from '../src/live/live-oracle.js';
import { type ArticleCode, articleInputs } from './article.js';
import type { TransportFloor } from './floor.js';
import {
  agrees,
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
  /** `LiveOracle.judgeBatch` in batches of `batchSize` (the search's batch). */
  workersBatched: Rate & { batchSize: number };
  /** The batched rate at other batch sizes (the exhaustive check uses 1024). */
  batchSweep: { batchSize: number; callsPerSecond: number; ratio: number }[];
  /** Each rate over the in-thread limit. */
  ratios: { inThreadSandbox: number; workersPerTrial: number; workersBatched: number };
  /** Starting both workers and loading the code (ms). */
  loadMs: number;
  /** The workers' verdicts equal the limit's on every input measured. */
  agrees: boolean;
  /** What the transport alone allows a trial, with no sandbox and no oracle (see floor.ts). */
  floor: TransportFloor;
}

/** How many inputs a per-trial run judges (one round trip each). */
const PER_TRIAL_INPUTS = 1000;

/** Batch sizes besides the search's 256, each over 8192 generated inputs. */
const SWEEP = [1024, 4096];

/**
 * Measures the oracle limit and the worker paths for the article's code (n = 12, the inputs of
 * the seed 1103 search) with a live oracle made by `createOracle` (Node or browser workers).
 */
export async function measureOracle(
  environment: Environment,
  code: ArticleCode,
  createOracle: () => LiveOracle,
  floor: () => Promise<TransportFloor>,
): Promise<OracleReport> {
  const inputs = articleInputs();
  const sweepInputs = articleInputs(8192);
  const limit = await syncRate(directJudge(code), inputs);
  const sandbox = await syncRate(sandboxJudge(code), inputs);
  const started = performance.now();
  const oracle = createOracle();
  try {
    const errors = await oracle.load();
    if (errors.length > 0)
      throw new Error(`the article's code does not load: ${errors[0]?.message}`);
    const loadMs = performance.now() - started;
    const ok = await agrees(oracle, directJudge(code), inputs);
    const perTrial = await perTrialRate(oracle, inputs.slice(0, PER_TRIAL_INPUTS));
    const batched = await batchedRate(oracle, inputs, FIND_BATCH);
    const ratio = (r: Rate) => roundTo(r.callsPerSecond / limit.callsPerSecond, 4);
    const batchSweep: OracleReport['batchSweep'] = [];
    for (const batchSize of SWEEP) {
      const swept = await batchedRate(oracle, sweepInputs, batchSize);
      batchSweep.push({ batchSize, callsPerSecond: swept.callsPerSecond, ratio: ratio(swept) });
    }
    return {
      environment,
      inThreadLimit: limit,
      inThreadSandbox: sandbox,
      workersPerTrial: perTrial,
      workersBatched: { ...batched, batchSize: FIND_BATCH },
      batchSweep,
      ratios: {
        inThreadSandbox: ratio(sandbox),
        workersPerTrial: ratio(perTrial),
        workersBatched: ratio(batched),
      },
      loadMs: roundTo(loadMs, 1),
      agrees: ok,
      floor: await floor(),
    };
  } finally {
    oracle.dispose();
  }
}
