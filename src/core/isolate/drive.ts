import { INT_ARRAY, type Json, type Shape } from '../input/kinds.js';
import { fromUnits, toUnits } from '../input/units.js';
import { type Chase, isChased, WRONG_ANSWER } from '../oracle/chase.js';
import type { Verdict } from '../oracle/verdict.js';
import { OutcomeCache } from '../reduce/cache.js';
import type { Counters, Stopped } from '../reduce/driver.js';
import { cachedJudge, type JudgedCall } from '../reduce/judge.js';
import { Cancelled, type Steps } from '../reduce/runner.js';
import type { Judged } from '../reduce/types.js';
import { allUnits } from './configuration.js';
import { dd } from './dd.js';
import { applyEdits, editsBetween, type UnitEdit } from './edits.js';
import { startProblem } from './start.js';
import type { Configuration, IsolationMode, IsolationTrial, Move, Sides } from './types.js';
import { moveMade } from './types.js';
import { type IsolationVerification, verifyIsolation } from './verify-isolation.js';

/** One trial of an isolation, as the history keeps it. */
export interface IsolationRow {
  /** The two sides when the trial was made, as inputs. */
  pass: Json;
  fail: Json;
  /** The input tried: a block added to the passing side, or taken from the failing one. */
  trial: Json;
  /** The move the trial is for, and the move it made (null: none). */
  move: Move;
  moved: Move | null;
  /** How many blocks the difference was split into, and which block the trial is about. */
  granularity: number;
  block: number;
  /** How many edits the difference held, and how many the block. */
  size: number;
  blockSize: number;
  outcome: Verdict['outcome'];
  flaky?: Verdict['outcome'][];
}

/** What an isolation reports as it goes (the recorder and the UI listen). */
export type IsolateEvent =
  | JudgedCall
  | { type: 'confirmed'; side: 'fail' | 'pass'; input: Json; verdict: Verdict; counters: Counters }
  | {
      type: 'trial';
      trial: number;
      row: IsolationRow;
      /** The sides when the trial was made, as configurations of the edits. */
      sides: Sides;
      verdict: Verdict;
      cached: boolean;
      counters: Counters;
    }
  | { type: 'verified'; verification: IsolationVerification; executions: number };

/** Options of {@link isolate}. */
export interface IsolateOptions {
  mode?: IsolationMode;
  /** How the inputs are cut into units (the article's array of integers by default). */
  shape?: Shape;
  chase?: Chase;
  /** Content-keyed outcome cache (default on). */
  cache?: boolean;
  /** Budgets: stop after this many trials, or milliseconds of `clock` time. */
  maxTrials?: number;
  maxMs?: number;
  clock?: () => number;
  /** Check 1-minimality at the end with extra oracle calls (default on). */
  verify?: boolean;
  /** A replaced unit is one edit (see `editsBetween`). */
  replace?: boolean;
  onEvent?: (event: IsolateEvent) => void;
}

/** The result of an isolation: the two sides found and the edits between them. */
export interface IsolateResult {
  mode: IsolationMode;
  /** The inputs isolation started from, and the sides it ended with. */
  startPass: Json;
  startFail: Json;
  pass: Json;
  fail: Json;
  passVerdict: Verdict;
  failVerdict: Verdict;
  /** Every edit between the start's sides, and the ones between the sides found. */
  edits: UnitEdit[];
  difference: UnitEdit[];
  history: IsolationRow[];
  counters: Counters;
  stopped: Stopped;
  verification: IsolationVerification;
  verifyExecutions: number;
}

/** An isolation could not start: a side does not do what its mode needs of it. */
export class IsolateError extends Error {
  constructor(
    readonly code: 'not-failing' | 'not-passing',
    message: string,
  ) {
    super(message);
    this.name = 'IsolateError';
  }
}

/**
 * Isolates the failure-inducing difference between a passing input and a failing one, as a step
 * coroutine like `drive`: the units are the edits of a diff from `pass` to `fail` (the failing
 * input's own units when `pass` is inside it, as it is when empty); confirms the sides (the
 * failing one fails as chased, the passing one passes, as the mode needs), runs {@link dd} on
 * the edits through the outcome cache, under the budgets, then verifies the result.
 */
export function* isolate(
  pass: Json,
  fail: Json,
  options: IsolateOptions = {},
): Steps<IsolateResult> {
  const mode = options.mode ?? '+-';
  const chase = options.chase ?? WRONG_ANSWER;
  const shape = options.shape ?? INT_ARRAY;
  const cache = options.cache === false ? null : new OutcomeCache();
  const clock = options.clock;
  const began = clock?.() ?? 0;
  const counters: Counters = { calls: 0, executions: 0, cacheHits: 0 };
  const emit = options.onEvent ?? (() => {});

  const passUnits = toUnits(pass, shape);
  const edits = editsBetween(passUnits, toUnits(fail, shape), options.replace);
  const inputOf = (config: Configuration): Json =>
    fromUnits(applyEdits(passUnits, edits, config), shape);

  const judging = cachedJudge(cache, counters, emit);
  const judge = judging.judge;
  const judgedOf = (verdict: Verdict): Judged => ({
    outcome: verdict.outcome,
    chased: isChased(verdict, chase),
    ...(verdict.flaky ? { flaky: verdict.flaky } : {}),
  });

  // The sides first: the failing one, then the passing one.
  const confirmed: Record<'fail' | 'pass', Verdict> = {} as Record<'fail' | 'pass', Verdict>;
  for (const [side, input] of [
    ['fail', fail],
    ['pass', pass],
  ] as const) {
    const { verdict } = yield* judge(input, 'confirm', { side });
    counters.calls++;
    confirmed[side] = verdict;
    emit({ type: 'confirmed', side, input, verdict, counters: { ...counters } });
    const problem = startProblem(side, judgedOf(verdict), mode);
    if (problem) throw new IsolateError(problem.code, problem.message);
  }

  const start: { pass: Configuration; fail: Configuration } = {
    pass: [],
    fail: allUnits(edits.length),
  };
  let sides: { pass: Configuration; fail: Configuration } = start;
  const verdicts = { pass: confirmed.pass, fail: confirmed.fail };
  const history: IsolationRow[] = [];
  let stopped: Stopped = 'done';
  const steps = dd(start, mode);
  try {
    let step = steps.next();
    while (!step.done) {
      const trial: IsolationTrial = step.value;
      sides = { pass: trial.pass, fail: trial.fail };
      if (options.maxTrials !== undefined && history.length >= options.maxTrials) {
        stopped = 'max-trials';
        break;
      }
      if (options.maxMs !== undefined && clock && clock() - began >= options.maxMs) {
        stopped = 'max-ms';
        break;
      }
      const input = inputOf(trial.config);
      const { verdict, cached } = yield* judge(input, 'reduce');
      counters.calls++;
      if (cached) counters.cacheHits++;
      const judged = judgedOf(verdict);
      const moved = moveMade(trial, judged);
      if (moved) verdicts[moved.startsWith('increase') ? 'pass' : 'fail'] = verdict;
      const row: IsolationRow = {
        pass: inputOf(trial.pass),
        fail: inputOf(trial.fail),
        trial: input,
        move: trial.move,
        moved,
        granularity: trial.granularity,
        block: trial.block,
        size: trial.fail.length - trial.pass.length,
        blockSize: trial.blockUnits.length,
        outcome: verdict.outcome,
        ...(verdict.flaky ? { flaky: [...verdict.flaky] } : {}),
      };
      history.push(row);
      emit({
        type: 'trial',
        trial: history.length,
        row,
        sides: { pass: trial.pass, fail: trial.fail },
        verdict,
        cached,
        counters: { ...counters },
      });
      step = steps.next(judged);
    }
    if (step.done) sides = { pass: step.value.pass, fail: step.value.fail };
  } catch (error) {
    if (!(error instanceof Cancelled)) throw error;
    stopped = 'cancelled';
  }

  let verification: IsolationVerification;
  if (stopped !== 'done' || options.verify === false) {
    verification = {
      passPasses: verdicts.pass.outcome === 'PASS',
      failFails: isChased(verdicts.fail, chase),
      oneMinimal: false,
      problems: [stopped === 'done' ? 'not checked' : `stopped early (${stopped})`],
      verified: false,
    };
  } else {
    try {
      const checks = verifyIsolation(sides, mode, start);
      let check = checks.next();
      while (!check.done) {
        // The two sides run once more past the cache: a failure that does not reproduce shows.
        const fresh = check.value.check === 'pass' || check.value.check === 'fail';
        const { verdict } = yield* judge(inputOf(check.value.config), 'verify', { fresh });
        check = checks.next(judgedOf(verdict));
      }
      verification = check.value;
    } catch (error) {
      if (!(error instanceof Cancelled)) throw error;
      stopped = 'cancelled';
      verification = {
        passPasses: false,
        failFails: false,
        oneMinimal: false,
        problems: ['cancelled'],
        verified: false,
      };
    }
  }
  const { verifyExecutions } = judging;
  emit({ type: 'verified', verification, executions: verifyExecutions });
  const passing = new Set(sides.pass);
  const inSides = new Set(sides.fail.filter((unit) => !passing.has(unit)));
  return {
    mode,
    startPass: pass,
    startFail: fail,
    pass: inputOf(sides.pass),
    fail: inputOf(sides.fail),
    passVerdict: verdicts.pass,
    failVerdict: verdicts.fail,
    edits,
    difference: edits.filter((_, index) => inSides.has(index)),
    history,
    counters,
    stopped,
    verification,
    verifyExecutions,
  };
}
