import { drive } from '../src/core/reduce/driver.js';
import { stepThroughSync } from '../src/core/reduce/runner.js';
import { mixedSuite, type SuiteCase } from '../src/core/reduce/suite.js';
import type { ReducerName } from '../src/core/reduce/types.js';
import { roundTo } from './stats.js';

/** One reducer on one case of the mixed suite (cache on). */
export interface SuiteRow {
  case: string;
  reducer: ReducerName;
  /** The article's calls: confirmation plus trials. */
  calls: number;
  /** Oracle executions (cache hits excluded). */
  executions: number;
  /** Elements left. */
  finalSize: number;
  /** Still fails, a subsequence, 1-minimal. */
  verified: boolean;
}

/** The mixed suite: every row, and each reducer's geometric mean of its ratios to ddmin. */
export interface SuiteReport {
  rows: SuiteRow[];
  /** Per reducer: geometric means over the cases of calls and executions divided by ddmin's. */
  toDdmin: Record<string, { calls: number; executions: number }>;
}

/** The reducers the mixed suite compares. */
const SUITE_REDUCERS: readonly ReducerName[] = ['chunks', 'chunks-resume', 'ddmin', 'bisect'];

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
  return Math.exp(values.reduce((sum, value) => sum + Math.log(value), 0) / values.length);
}

/**
 * Calls of chunks, chunks-resume, ddmin and bisect (cache on) on every case of the mixed suite
 * (`src/core/reduce/suite.ts`), and each reducer's geometric mean ratio to ddmin.
 */
export function measureSuite(): SuiteReport {
  const cases = mixedSuite();
  const rows = cases.flatMap((c) => SUITE_REDUCERS.map((r) => runSuiteCase(c, r)));
  const of = (name: string, reducer: ReducerName) =>
    rows.find((row) => row.case === name && row.reducer === reducer) as SuiteRow;
  const toDdmin = Object.fromEntries(
    SUITE_REDUCERS.map((reducer) => {
      const ratio = (key: 'calls' | 'executions') =>
        roundTo(
          geometricMean(cases.map((c) => of(c.name, reducer)[key] / of(c.name, 'ddmin')[key])),
          3,
        );
      return [reducer, { calls: ratio('calls'), executions: ratio('executions') }];
    }),
  );
  return { rows, toDdmin };
}
