import { INT_ARRAY, type Json, type Shape } from '../input/kinds.js';
import type { SyntaxTree } from '../input/syntax.js';
import { toUnits } from '../input/units.js';
import { isReductionOf, neighbours } from '../input/value.js';
import { type Chase, isChased, WRONG_ANSWER } from '../oracle/chase.js';
import type { Input } from '../oracle/oracle.js';
import type { Verdict } from '../oracle/verdict.js';
import { clipText } from '../text/clip.js';
import { OutcomeCache } from './cache.js';
import { type Counters, cachedJudge, type JudgedCall } from './judge.js';
import { reduceInput } from './reducers.js';
import { Cancelled, type Steps } from './runner.js';
import { type Edit, type HistoryRow, historyRow, type ReducerName } from './types.js';
import { historyProblems } from './verify-reduction.js';

/** Why a reduction stopped. Anything but `done` means the result is not verified 1-minimal. */
export type Stopped = 'done' | 'max-trials' | 'max-ms' | 'cancelled';

export type { Counters } from './judge.js';

/** The checks run on a finished reduction. */
export interface Verification {
  /** The reduced input still reproduces the chased failure. */
  stillFails: boolean;
  /** The reduced input is a subsequence of the start (expected of deletion-only reducers). */
  subsequence: boolean;
  /** Removing any single element loses the failure; `null` when not checked (stopped early). */
  oneMinimal: boolean | null;
  /** Every history row is its `before` with its edit applied; accepted deletions shrink. */
  historyConsistent: boolean;
  /** A single deletion that still fails, when `oneMinimal` is false. */
  counterexample?: Json;
  /** Oracle executions spent on verification (after the cache). */
  executions: number;
  /** Human-readable problems; empty when everything holds. */
  problems: string[];
  /** All checks hold (and the reduction was not stopped early). */
  verified: boolean;
}

/** What a driver reports as it goes (the recorder and the UI listen). */
export type DriveEvent =
  | JudgedCall
  | { type: 'confirmed'; input: Json; verdict: Verdict; counters: Counters }
  | {
      type: 'trial';
      trial: number;
      /** The move the reducer made, as it made it. */
      edit: Edit;
      row: HistoryRow;
      verdict: Verdict;
      cached: boolean;
      counters: Counters;
    }
  | { type: 'verified'; verification: Verification };

/** Options of {@link drive}. */
export interface DriveOptions {
  reducer: ReducerName;
  /** How the input is cut into units (the article's array of integers by default). */
  shape?: Shape;
  /** The start's syntax tree, for the `syntax` reducer (without one it reads text generically). */
  syntax?: SyntaxTree;
  chase?: Chase;
  /** Content-keyed outcome cache (default on). */
  cache?: boolean;
  /** Budget: stop after this many trials. */
  maxTrials?: number;
  /** Budget: stop after this many milliseconds of `clock` time. */
  maxMs?: number;
  /** The time source for `maxMs` (core has no clock of its own). */
  clock?: () => number;
  /** Check 1-minimality at the end with extra oracle calls (default on). */
  verify?: boolean;
  onEvent?: (event: DriveEvent) => void;
}

/** The result of a reduction. */
export interface DriveResult {
  reducer: ReducerName;
  start: Json;
  reduced: Json;
  startVerdict: Verdict;
  reducedVerdict: Verdict;
  history: HistoryRow[];
  counters: Counters;
  /** Whether every accepted step only deleted elements. */
  deletionOnly: boolean;
  stopped: Stopped;
  verification: Verification;
}

/** A reduction could not start. `code` is stable for callers (the CLI maps it to exit 2). */
export class ReduceError extends Error {
  constructor(
    readonly code: 'not-failing',
    message: string,
  ) {
    super(message);
    this.name = 'ReduceError';
  }
}

/**
 * Runs a reducer from `start` as a step coroutine: confirms that the start input fails, feeds
 * the reducer the judgement of each trial (through the outcome cache), applies the budgets,
 * then verifies the result. Run it with `stepThroughSync` or `stepThrough`.
 */
export function* drive(start: Input, options: DriveOptions): Steps<DriveResult> {
  const chase = options.chase ?? WRONG_ANSWER;
  const shape = options.shape ?? INT_ARRAY;
  const cache = options.cache === false ? null : new OutcomeCache();
  const { clock } = options;
  const counters: Counters = { calls: 0, executions: 0, cacheHits: 0 };
  const emit = options.onEvent ?? (() => {});
  const began = clock?.() ?? 0;
  const judging = cachedJudge(cache, counters, emit);
  const judge = judging.judge;

  const first = Array.isArray(start) ? start.slice() : start;
  const confirmation = yield* judge(first, 'confirm');
  counters.calls++;
  emit({
    type: 'confirmed',
    input: first,
    verdict: confirmation.verdict,
    counters: { ...counters },
  });
  if (!isChased(confirmation.verdict, chase)) {
    throw new ReduceError('not-failing', notReproduced(confirmation.verdict, chase));
  }

  const history: HistoryRow[] = [];
  let current = first;
  let currentVerdict = confirmation.verdict;
  let stopped: Stopped = 'done';
  let deletionOnly = true;
  const reducer = reduceInput(options.reducer, first, shape, options.syntax);
  /** The inputs one move away from the result, when the reducer names them (see `Reduced`). */
  let around: Json[] | undefined;
  try {
    let step = reducer.next();
    while (!step.done) {
      const { maxTrials, maxMs } = options;
      if (maxTrials !== undefined && history.length >= maxTrials) stopped = 'max-trials';
      else if (maxMs !== undefined && clock && clock() - began >= maxMs) stopped = 'max-ms';
      if (stopped !== 'done') break;
      const trial = step.value;
      const { verdict, cached } = yield* judge(trial.input, 'reduce', { ahead: trial.ahead });
      counters.calls++;
      if (cached) counters.cacheHits++;
      const judged = {
        outcome: verdict.outcome,
        chased: isChased(verdict, chase),
        ...(verdict.flaky ? { flaky: verdict.flaky } : {}),
      };
      const units = trial.edit.op === 'set' ? toUnits(current, shape) : undefined;
      const row = historyRow(current, trial, judged, units);
      history.push(row);
      if (judged.chased) {
        current = trial.input;
        currentVerdict = verdict;
      }
      emit({
        type: 'trial',
        trial: history.length,
        edit: trial.edit,
        row,
        verdict,
        cached,
        counters: { ...counters },
      });
      step = reducer.next(judged);
    }
    if (step.done) {
      deletionOnly = step.value.deletionOnly;
      around = step.value.neighbours;
    }
  } catch (error) {
    if (!(error instanceof Cancelled)) throw error;
    stopped = 'cancelled';
  }
  if (stopped !== 'done') deletionOnly = history.every((row) => !row.accepted || !row.set);

  let verification: Verification;
  try {
    verification = yield* verifyResult();
  } catch (error) {
    if (!(error instanceof Cancelled)) throw error;
    stopped = 'cancelled';
    verification = summarise(true, null, undefined);
  }
  emit({ type: 'verified', verification });
  return {
    reducer: options.reducer,
    start: first,
    reduced: current,
    startVerdict: confirmation.verdict,
    reducedVerdict: currentVerdict,
    history,
    counters,
    deletionOnly,
    stopped,
    verification,
  };

  function* verifyResult(): Steps<Verification> {
    // Run the result once more, past the cache: a failure that does not reproduce is caught here.
    const stillFails = isChased((yield* judge(current, 'verify', { fresh: true })).verdict, chase);
    if (stopped !== 'done' || options.verify === false)
      return summarise(stillFails, null, undefined);
    for (const smaller of around ?? neighbours(current, shape)) {
      if (isChased((yield* judge(smaller, 'verify')).verdict, chase)) {
        return summarise(stillFails, false, smaller);
      }
    }
    return summarise(stillFails, true, undefined);
  }

  function summarise(
    stillFails: boolean,
    oneMinimal: boolean | null,
    counterexample: Json | undefined,
  ): Verification {
    const subsequence = isReductionOf(current, first, shape);
    const historyIssues = historyProblems(first, history, shape);
    const problems = [...historyIssues];
    if (!stillFails) problems.push('the reduced input no longer reproduces the failure');
    if (deletionOnly && !subsequence) problems.push('the result is not a subsequence of the start');
    if (oneMinimal === false) problems.push('removing one more element still fails');
    const historyConsistent = historyIssues.length === 0;
    return {
      stillFails,
      subsequence,
      oneMinimal,
      historyConsistent,
      ...(counterexample ? { counterexample } : {}),
      executions: judging.verifyExecutions,
      problems,
      verified: problems.length === 0 && oneMinimal === true,
    };
  }
}

/** Why a start input does not reproduce the chased failure, in one sentence. */
function notReproduced(verdict: Verdict, chase: Chase): string {
  const head = 'the start input does not reproduce the failure';
  if (verdict.flaky) {
    return `${head}: it is flaky (its runs gave ${verdict.flaky.join(', ')})`;
  }
  if (chase.kind === 'crash' && chase.signature && verdict.outcome === 'CRASH') {
    const error = `${verdict.error?.name ?? 'Error'}: ${verdict.error?.message ?? ''}`;
    return `${head}: it crashes with "${error}", which does not match the signature "${chase.signature}"`;
  }
  const { error } = verdict;
  if (verdict.outcome === 'CRASH' && chase.kind !== 'crash' && error) {
    const where = [error.role, error.line !== undefined ? `line ${error.line}` : '']
      .filter(Boolean)
      .join(', ');
    return `${head}: it crashes with ${error.name}: ${clipText(error.message)}${where ? ` (${where})` : ''}; chase the crash to reduce it (--chase crash)`;
  }
  if (verdict.outcome === 'TIMEOUT' && chase.kind !== 'timeout') {
    return `${head}: it runs past its time budget (TIMEOUT); chase the hang to reduce it (--chase timeout)`;
  }
  return `${head}: its outcome is ${verdict.outcome}`;
}
