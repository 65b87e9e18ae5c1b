import type { Input, SyncOracle } from '../src/core/oracle/oracle.js';
import type { Verdict } from '../src/core/oracle/verdict.js';
import { type DriveResult, drive } from '../src/core/reduce/driver.js';
import { allInputs } from '../src/core/reduce/exhaustive.js';
import { reducersFor } from '../src/core/reduce/reducers.js';
import { stepThroughSync } from '../src/core/reduce/runner.js';
import type { ReducerName } from '../src/core/reduce/types.js';
import { ARTICLE_ATTEMPTS, type ArticleCode, articleInputs, EXHAUSTIVE } from './article.js';
import { directJudge } from './rates.js';
import { roundTo, type Samples, samples } from './stats.js';
import { measureSuite, type SuiteReport } from './suite.js';

/** The reducers of the article's integer arrays (hdd reduces trees). */
const INT_REDUCERS = reducersFor('int-array');

/** One reducer, with or without the cache, on one case of the suite. */
export interface ReducerRow {
  case: string;
  /** Elements of the start input (summed over the exhaustive set). */
  n: number;
  reducer: ReducerName;
  cache: boolean;
  /** Reducer trials (the article's calls minus the confirmation; summed for a set). */
  trials: number;
  /** The article's calls: confirmation plus trials. */
  calls: number;
  /** Oracle executions during confirmation and reduction (cache hits excluded). */
  executions: number;
  /** Further executions spent verifying 1-minimality. */
  verifyExecutions: number;
  /** Elements left (summed for a set). */
  finalSize: number;
  /** Every reduction verified (still fails, subsequence when deletion-only, 1-minimal). */
  verified: boolean;
  /** The driver's and reducer's own time, the oracle's time subtracted (ms per reduction or set). */
  ownMs: Samples;
  /** The oracle's time in the median run (ms). */
  oracleMs: number;
  /** Own time per trial (µs), median run. */
  ownUsPerTrial: number;
}

/** How reducer overhead grows with n (cache on): own time per trial, and its growth exponent. */
export interface Scaling {
  reducer: ReducerName;
  /** Own µs per trial on the one-element case at 10³, 10⁴, 10⁵. */
  usPerTrial: Record<string, number>;
  /** Per case: log10 of the per-trial growth from 10³ to 10⁵, halved (~1 linear, ~2 quadratic). */
  exponents: Record<string, number>;
  /** The largest of `exponents`. */
  exponent: number;
}

/** Section 4. */
export interface ReducerReport {
  rows: ReducerRow[];
  scaling: Scaling[];
  /** The reducer with the fewest trials on the 10⁵-element one-element case (cache on). */
  best: { reducer: ReducerName; trials: number; limit: number; ownMs: number };
  /** The mixed suite (one cause, k causes, ordered pair, sums, INVALID-heavy brackets). */
  mixed: SuiteReport;
}

/** The large cases: which elements the failure needs (positions as fractions of n). */
const CAUSES: Record<string, readonly number[]> = {
  one: [0.37],
  two: [0.21, 0.83],
  five: [0.05, 0.29, 0.5, 0.71, 0.93],
};

const SIZES = [1_000, 10_000, 100_000];

/**
 * Runs every reducer with and without the cache on the suite: the article's input, the
 * exhaustive set (summed), and inputs of 10³, 10⁴ and 10⁵ distinct elements whose failure needs
 * one, two or five of them (a linear-time in-thread predicate).
 */
export function measureReducers(code: ArticleCode, runs = 5): ReducerReport {
  const rows: ReducerRow[] = [];
  const article = directJudge(code);
  const start = articleInputs(ARTICLE_ATTEMPTS).at(-1) as number[];
  const failing = [...allInputs(EXHAUSTIVE.values, EXHAUSTIVE.maxLength)].filter(
    (input) => article(input).outcome === 'FAIL',
  );
  for (const reducer of INT_REDUCERS) {
    for (const cache of [true, false]) {
      rows.push(measure('article', [start], article, reducer, cache, runs));
      rows.push(measure('exhaustive', failing, article, reducer, cache, runs));
      for (const n of SIZES) {
        for (const [cause, at] of Object.entries(CAUSES)) {
          const { input, judge } = largeCase(n, at);
          rows.push(
            measure(
              `${cause}@${n}`,
              [input],
              judge,
              reducer,
              cache,
              n >= 100_000 ? runs : runs + 2,
            ),
          );
        }
      }
    }
  }
  const per = (reducer: ReducerName, cause: string, n: number) =>
    rows.find((r) => r.case === `${cause}@${n}` && r.reducer === reducer && r.cache)
      ?.ownUsPerTrial ?? Number.NaN;
  const scaling = INT_REDUCERS.map((reducer): Scaling => {
    const usPerTrial = Object.fromEntries(SIZES.map((n) => [String(n), per(reducer, 'one', n)]));
    const exponents = Object.fromEntries(
      Object.keys(CAUSES).map((cause) => [
        cause,
        roundTo(Math.log10(per(reducer, cause, 100_000) / per(reducer, cause, 1_000)) / 2, 2),
      ]),
    );
    return { reducer, usPerTrial, exponents, exponent: Math.max(...Object.values(exponents)) };
  });
  const large = rows.filter((r) => r.case === 'one@100000' && r.cache);
  const best = large.reduce((a, b) => (b.trials < a.trials ? b : a));
  return {
    rows,
    scaling,
    best: {
      reducer: best.reducer,
      trials: best.trials,
      limit: roundTo(2 * Math.log2(100_000) + 10, 1),
      ownMs: best.ownMs.median,
    },
    mixed: measureSuite(),
  };
}

/** An input of `n` distinct elements and a predicate that fails iff the cause elements remain. */
export function largeCase(
  n: number,
  at: readonly number[],
): { input: number[]; judge: SyncOracle } {
  const input = Array.from({ length: n }, (_, i) => ((i * 7919) % n) + 1);
  const causes = at.map((f) => input[Math.floor(f * n)] as number);
  const judge = (input: Input): Verdict => {
    const trial = input as number[];
    if (trial.length === 0) return { outcome: 'INVALID' };
    let found = 0;
    for (let i = 0; i < trial.length; i++) if (causes.includes(trial[i] as number)) found++;
    return { outcome: found === causes.length ? 'FAIL' : 'PASS' };
  };
  return { input, judge };
}

function measure(
  name: string,
  starts: readonly number[][],
  judge: SyncOracle,
  reducer: ReducerName,
  cache: boolean,
  runs: number,
): ReducerRow {
  let oracleMs = 0;
  const timed: SyncOracle = (input) => {
    const began = performance.now();
    const verdict = judge(input);
    oracleMs += performance.now() - began;
    return verdict;
  };
  const once = () => {
    // Collect what earlier cases left (the cache keeps every trial input) outside the clock, so
    // one case's garbage is not timed as another's overhead (needs node --expose-gc).
    (globalThis as { gc?: () => void }).gc?.();
    oracleMs = 0;
    const began = performance.now();
    const results = starts.map((start) => stepThroughSync(drive(start, { reducer, cache }), timed));
    return { results, total: performance.now() - began, oracle: oracleMs };
  };
  once(); // warm-up
  const measured = Array.from({ length: runs }, once);
  const own = measured.map((m) => m.total - m.oracle);
  const mid = [...measured].sort((a, b) => a.total - a.oracle - (b.total - b.oracle))[
    runs >> 1
  ] as (typeof measured)[number];
  const results: DriveResult[] = mid.results;
  const sum = (f: (r: DriveResult) => number) => results.reduce((s, r) => s + f(r), 0);
  const trials = sum((r) => r.history.length);
  const ownMs = samples(own, 3);
  return {
    case: name,
    n: starts.reduce((s, x) => s + x.length, 0),
    reducer,
    cache,
    trials,
    calls: sum((r) => r.counters.calls),
    executions: sum((r) => r.counters.executions),
    verifyExecutions: sum((r) => r.verification.executions),
    finalSize: sum((r) => (r.reduced as number[]).length),
    verified: results.every((r) => r.verification.verified),
    ownMs,
    oracleMs: roundTo(mid.oracle, 3),
    ownUsPerTrial: roundTo((ownMs.median * 1000) / Math.max(1, trials), 2),
  };
}
