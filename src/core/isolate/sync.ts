import type { Judged } from '../reduce/types.js';
import { dd } from './dd.js';
import { startProblem } from './start.js';
import type { Configuration, Isolated, IsolationMode, IsolationTrial, Sides } from './types.js';
import { type IsolationVerification, verifyIsolation } from './verify-isolation.js';

/** Judges a configuration synchronously (a test's predicate, an in-thread oracle). */
export type JudgeConfiguration = (config: Configuration) => Judged;

/** An isolation run to the end against a synchronous judge. */
export interface SyncIsolation {
  result: Isolated;
  /** Every trial, in order (cache hits included). */
  trials: IsolationTrial[];
  /** Judgements of distinct configurations while confirming the start and isolating. */
  executions: number;
  verification: IsolationVerification;
  /** Further judgements of distinct configurations while verifying. */
  verifyExecutions: number;
}

/**
 * Runs {@link dd} against a synchronous judge through a cache keyed by configuration, as a
 * driver would: confirms the start (the failing side fails in modes `-` and `+-`, the passing
 * side passes in modes `+` and `+-`; in mode `-` the fixed passing side does not fail, in mode
 * `+` the fixed failing side does not pass), isolates, then verifies the result through the same
 * cache. Counts the distinct configurations judged.
 */
export function isolateSync(
  start: Sides,
  mode: IsolationMode,
  judge: JudgeConfiguration,
): SyncIsolation {
  const cache = new Map<string, Judged>();
  let executions = 0;
  const judgeOnce = (config: Configuration): Judged => {
    const key = config.join(',');
    let judged = cache.get(key);
    if (!judged) {
      judged = judge(config);
      cache.set(key, judged);
      executions++;
    }
    return judged;
  };
  confirm(start, mode, judgeOnce);
  const trials: IsolationTrial[] = [];
  const steps = dd(start, mode);
  let step = steps.next();
  while (!step.done) {
    trials.push(step.value);
    step = steps.next(judgeOnce(step.value.config));
  }
  const isolated = executions;
  const checks = verifyIsolation(step.value, mode, start);
  let check = checks.next();
  while (!check.done) check = checks.next(judgeOnce(check.value.config));
  return {
    result: step.value,
    trials,
    executions: isolated,
    verification: check.value,
    verifyExecutions: executions - isolated,
  };
}

/** Throws when the start does not have the outcomes the mode needs (see {@link startProblem}). */
function confirm(start: Sides, mode: IsolationMode, judge: JudgeConfiguration): void {
  for (const side of ['fail', 'pass'] as const) {
    const problem = startProblem(side, judge(start[side]), mode);
    if (problem) throw new Error(problem.message);
  }
}
