import type { Json } from '../input/kinds.js';
import type { Verdict } from '../oracle/verdict.js';
import type { OutcomeCache } from './cache.js';
import type { Phase, Steps } from './runner.js';
import type { Trial } from './types.js';

/** Counters shown while a reduction (or an isolation) runs. */
export interface Counters {
  /** The article's `calls`: the confirmation of the start input plus every trial. */
  calls: number;
  /** Oracle executions during confirmation and reduction (cache hits excluded). */
  executions: number;
  cacheHits: number;
}

/** One execution of the oracle, as a driver tells it. */
export interface JudgedCall {
  type: 'call';
  phase: Phase;
  /** 1-based count of executions so far, verification's included (cache hits are none). */
  execution: number;
  input: Json;
  verdict: Verdict;
  /** The side an isolation's confirmation judges. */
  side?: 'fail' | 'pass';
}

/** How one input is judged: past the cache (`fresh`), with the trials that may follow (`ahead`). */
export interface JudgeOptions {
  fresh?: boolean;
  ahead?: Trial<Json>['ahead'];
  side?: 'fail' | 'pass';
}

/** A driver's way to the oracle: one input at a time, through its outcome cache. */
export interface Judge {
  /** Judges `input` in `phase`: from the cache when it holds it, else by the oracle. */
  judge(input: Json, phase: Phase, options?: JudgeOptions): Steps<JudgedOutcome>;
  /** Executions while verifying (the others are counted in the driver's counters). */
  readonly verifyExecutions: number;
}

/** A verdict, and whether the cache gave it (no execution). */
export interface JudgedOutcome {
  verdict: Verdict;
  cached: boolean;
}

/**
 * The judge of a driver (a reduction's, an isolation's): asks the oracle for an input the cache
 * does not hold, keeps the verdict, counts the execution (in `counters.executions`, or as a
 * verification's) and tells the call with `onCall`. The trials a reducer names ahead go to the
 * oracle less those the cache holds.
 */
export function cachedJudge(
  cache: OutcomeCache | null,
  counters: Counters,
  onCall: (call: JudgedCall) => void,
): Judge {
  let verifyExecutions = 0;
  return {
    get verifyExecutions() {
      return verifyExecutions;
    },
    *judge(input, phase, options = {}) {
      const hit = options.fresh ? undefined : cache?.get(input);
      if (hit) return { verdict: hit, cached: true };
      const { ahead } = options;
      const hint: typeof ahead =
        ahead && ((count, chased) => ahead(count, chased).filter((next) => !cache?.get(next)));
      const [verdict] = yield { inputs: [input], phase, ...(hint ? { ahead: hint } : {}) };
      if (!verdict) throw new Error('the oracle returned no verdict');
      cache?.set(input, verdict);
      if (phase === 'verify') verifyExecutions++;
      else counters.executions++;
      onCall({
        type: 'call',
        phase,
        execution: counters.executions + verifyExecutions,
        input,
        verdict,
        ...(options.side ? { side: options.side } : {}),
      });
      return { verdict, cached: false };
    },
  };
}
