import type { Json } from '../input/kinds.js';
import { type Chase, isChased, WRONG_ANSWER } from '../oracle/chase.js';
import { type DriveResult, drive } from './driver.js';
import { concurrently, type Steps } from './runner.js';
import type { ReducerName } from './types.js';

/**
 * The article's regression check: every non-empty array of length 1 to 6 over -2..2 (19,530
 * inputs), on which the buggy Kadane fails 126 times and the corrected one never.
 */
export const ARTICLE_CHECK = { values: [-2, -1, 0, 1, 2], maxLength: 6 } as const;

/** Options of {@link exhaustive}. */
export interface ExhaustiveOptions {
  /** The value set (the article: -2..2). */
  values: readonly number[];
  /** Every non-empty array up to this length is judged (the article: 6). */
  maxLength: number;
  reducer?: ReducerName;
  chase?: Chase;
  /** Inputs judged per request. */
  batchSize?: number;
  /** Only count the failures; reduce none of them. */
  judgeOnly?: boolean;
  /** Called after each reduction (progress for long runs). */
  onReduced?: (input: number[], result: DriveResult) => void;
  /** Called after each batch of inputs judged, with how many have been judged so far. */
  onJudged?: (judged: number) => void;
}

/** One failing input whose reduction broke a property. */
export interface ExhaustiveProblem {
  input: number[];
  reduced: Json;
  problems: string[];
}

/** What an exhaustive run found. */
export interface ExhaustiveSummary {
  inputs: number;
  failures: number;
  /** Failing inputs whose reduction passed every verification. */
  verified: number;
  problems: ExhaustiveProblem[];
  /** Reducer trials and oracle executions summed over all reductions. */
  calls: number;
  /** Oracle executions, the verification runs included. */
  executions: number;
  /** Of the executions, those that verified the reductions' results. */
  verifyExecutions: number;
}

/**
 * How many batches a check announces ahead of the one it asks for (see `Request.next`): with two,
 * a worker still has one to take up while the answer to the one before is on its way back and
 * the next request on its way out (a round trip between processes takes longer than a batch of
 * quick calls).
 */
export const JUDGED_AHEAD = 2;

/** How many non-empty arrays of length ≤ `maxLength` there are over `values` values. */
export function countInputs(values: number, maxLength: number): number {
  let total = 0;
  for (let n = 1; n <= maxLength; n++) total += values ** n;
  return total;
}

/**
 * Every non-empty array up to `maxLength` over `values`, shortest first, each length in
 * `itertools.product` order.
 */
export function* allInputs(values: readonly number[], maxLength: number): Generator<number[]> {
  for (let n = 1; n <= maxLength; n++) {
    const digits = new Array<number>(n).fill(0);
    for (;;) {
      yield digits.map((d) => values[d] as number);
      let i = n - 1;
      while (i >= 0 && digits[i] === values.length - 1) digits[i--] = 0;
      if (i < 0) break;
      digits[i] = (digits[i] ?? 0) + 1;
    }
  }
}

/**
 * Exhaustive verification, as a step coroutine: judges every input, reduces each one that
 * fails, and checks that every reduction still fails, is a subsequence of its input, is
 * 1-minimal and has a consistent history.
 */
export function* exhaustive(options: ExhaustiveOptions): Steps<ExhaustiveSummary> {
  const chase = options.chase ?? WRONG_ANSWER;
  const batchSize = Math.max(1, options.batchSize ?? 1024);
  const summary: ExhaustiveSummary = {
    inputs: 0,
    failures: 0,
    verified: 0,
    problems: [],
    calls: 0,
    executions: 0,
    verifyExecutions: 0,
  };
  const failing: number[][] = [];
  const inputs = allInputs(options.values, options.maxLength);
  const take = (): number[][] => {
    const batch: number[][] = [];
    for (let step = inputs.next(); !step.done; step = inputs.next()) {
      if (batch.push(step.value) === batchSize) break;
    }
    return batch;
  };
  // Every batch is judged whatever the ones before gave: each announces the next ones, so that a
  // driver can judge them while this one is in flight and its verdicts are looked at.
  const window: number[][][] = [];
  const fill = () => {
    while (window.length <= JUDGED_AHEAD) {
      const batch = take();
      if (batch.length === 0) break;
      window.push(batch);
    }
  };
  for (fill(); window.length > 0; fill()) {
    const [batch, ...next] = window as [number[][], ...number[][][]];
    const verdicts = yield {
      inputs: batch,
      phase: 'find',
      ...(next.length > 0 ? { next } : {}),
    };
    batch.forEach((input, i) => {
      const verdict = verdicts[i];
      if (!verdict) throw new Error('the oracle returned fewer verdicts than inputs');
      if (isChased(verdict, chase)) failing.push(input);
    });
    summary.inputs += batch.length;
    options.onJudged?.(summary.inputs);
    window.shift();
  }

  if (options.judgeOnly) {
    summary.failures = failing.length;
    return summary;
  }
  // The reductions run in lockstep: one batch per round for all of them, not one call each.
  const reductions = failing.map((input) =>
    drive(input, { reducer: options.reducer ?? 'chunks', chase }),
  );
  const results = yield* concurrently(reductions);
  results.forEach((result, i) => {
    const input = failing[i] as number[];
    summary.failures++;
    summary.calls += result.counters.calls;
    summary.executions += result.counters.executions + result.verification.executions;
    summary.verifyExecutions += result.verification.executions;
    const { problems, verified } = result.verification;
    if (verified) summary.verified++;
    else summary.problems.push({ input, reduced: result.reduced, problems });
    options.onReduced?.(input, result);
  });
  return summary;
}
