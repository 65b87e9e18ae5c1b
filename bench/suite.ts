import { drive } from '../src/core/reduce/driver.js';
import { stepThroughSync } from '../src/core/reduce/runner.js';
import { mixedSuite, type SuiteCase } from '../src/core/reduce/suite.js';
import type { ReducerName } from '../src/core/reduce/types.js';

/** One reducer on one case of the mixed suite (cache on). */
export interface SuiteRow {
  case: string;
  reducer: ReducerName;
  calls: number;
  executions: number;
  finalSize: number;
  verified: boolean;
}

/** Runs `reducer` on `suiteCase` in-thread with the outcome cache on. */
export function runSuiteCase(suiteCase: SuiteCase, reducer: ReducerName): SuiteRow {
  const result = stepThroughSync(drive(suiteCase.start, { reducer }), (input) => ({
    outcome: suiteCase.judge(input as number[]),
  }));
  return {
    case: suiteCase.name,
    reducer,
    calls: result.counters.calls,
    executions: result.counters.executions,
    finalSize: (result.reduced as number[]).length,
    verified: result.verification.verified,
  };
}

/** The geometric mean of `values`. */
export function geometricMean(values: readonly number[]): number {
  return Math.exp(values.reduce((a, v) => a + Math.log(v), 0) / values.length);
}

/** Calls of chunks, chunks-resume and ddmin on every case of the mixed suite, and their ratios. */
export function measureSuite(
  reducers: readonly ReducerName[] = ['chunks', 'chunks-resume', 'ddmin'],
) {
  const rows = mixedSuite().flatMap((c) => reducers.map((r) => runSuiteCase(c, r)));
  return rows;
}
