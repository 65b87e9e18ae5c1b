import { type Json, type Shape, shapeOf } from '../core/input/kinds.js';
import { sameValue, valueKey } from '../core/input/value.js';
import { predictIsolation } from '../core/isolate/lookahead.js';
import { type Chase, isChased } from '../core/oracle/chase.js';
import type { Outcome, Verdict } from '../core/oracle/verdict.js';
import { predictTrials } from '../core/reduce/lookahead.js';
import type { Judged, ReducerName } from '../core/reduce/types.js';
import type { SessionConfig } from '../core/session/config.js';

/** What guessing needs to know of the reduction to name its next trials. */
export interface Guessing {
  reducer: ReducerName;
  shape: Shape;
  chase: Chase;
  /**
   * Names the next trials instead of the reducer (an isolation's `dd`, which moves on either
   * outcome: see `predictIsolation`); the plan is then made again after every verdict.
   */
  predict?: Predict;
}

/**
 * What guessing needs for a session's run: its reducer's next trials, or, when it isolates, its
 * `dd`'s (both outcomes of each trial whose verdict is not known, breadth first).
 */
export function guessingFor(config: SessionConfig): Guessing {
  const shape = shapeOf(config);
  const guessing: Guessing = { reducer: config.reducer, shape, chase: config.chase };
  const { isolate } = config;
  if (!isolate) return guessing;
  return {
    ...guessing,
    predict: (start, known, skip, count) =>
      predictIsolation(isolate, start, shape, known, skip, count),
  };
}

/** The next trials from `start` on, as `predictTrials` names them (the same arguments). */
export type Predict = (
  start: Json,
  known: (input: Json) => Judged | undefined,
  skip: (input: Json) => boolean,
  count: number,
) => Json[];

/** How a {@link Guesses} runs a trial, and how many more may start now. */
export interface GuessRunner {
  run(input: Json): Promise<Verdict>;
  room(): number;
}

interface Job {
  input: Json;
  verdict: Promise<Verdict>;
  settled?: Verdict;
  /** Whether the reduction has asked for it (a guess not yet asked for is not). */
  asked: boolean;
}

/**
 * Trials judged ahead, as picire's parallel ddmin does: while there is room, the trials the
 * reducer would ask for next if every pending one passes are started; the reduction takes each
 * verdict when it asks for that trial. So for verdicts that depend on the input alone, it does
 * and records exactly what it does one trial at a time; a wrong guess only costs a run that is
 * not recorded. Used by the command oracle (N commands) and the parallel oracle (N pairs).
 */
export class Guesses {
  readonly #guessing: Guessing;
  readonly #runner: GuessRunner;
  /** How many trials are planned ahead at a time. */
  readonly #depth: number;
  /** Jobs of the current reduction, by the input's content key. */
  readonly #jobs = new Map<string, Job[]>();
  #start: Json | undefined;
  #plan: Json[] = [];
  /** The outcome the plan assumed for trials not yet judged. */
  #assumed: Outcome = 'PASS';
  /** How many judged trials of this reduction passed, and how many were INVALID. */
  #seen = { PASS: 0, INVALID: 0 };

  constructor(guessing: Guessing, runner: GuessRunner, depth: number) {
    this.#guessing = guessing;
    this.#runner = runner;
    this.#depth = depth;
  }

  /**
   * Guesses are made from `start` (the reduction's confirmed failure) on; `undefined` stops
   * guessing. Jobs of an earlier reduction are dropped.
   */
  from(start: Json | undefined): void {
    this.#start = start;
    this.#jobs.clear();
    this.#plan = [];
    this.#seen = { PASS: 0, INVALID: 0 };
    this.fill();
  }

  /** The trial's verdict: its guess when one was made and not yet taken, else a run now. */
  judge(input: Json): Promise<Verdict> {
    if (this.#start === undefined) return this.#runner.run(input);
    // A guess is taken once; asked again (no cache), the trial runs again.
    const job = this.#find(input, (found) => !found.asked) ?? this.#job(input);
    job.asked = true;
    this.fill();
    return job.verdict;
  }

  /** Starts the planned trials there is room for (call when room is made). */
  fill(): void {
    const start = this.#start;
    if (start === undefined) return;
    const find = (input: Json) => this.#find(input);
    this.#plan = this.#plan.filter((input) => !find(input));
    if (this.#runner.room() <= 0) return;
    if (this.#plan.length === 0) {
      const { reducer, shape, chase, predict } = this.#guessing;
      const known = (input: Json): Judged | undefined => {
        const verdict = find(input)?.settled;
        return verdict ? { outcome: verdict.outcome, chased: isChased(verdict, chase) } : undefined;
      };
      const skip = (input: Json) => find(input) !== undefined;
      // Trials not yet judged are assumed to come out as most trials that did not fail did.
      this.#assumed = this.#seen.INVALID > this.#seen.PASS ? 'INVALID' : 'PASS';
      const assume = { outcome: this.#assumed, chased: false };
      this.#plan = predict
        ? predict(start, known, skip, this.#depth)
        : predictTrials(reducer, start, shape, known, skip, this.#depth, assume);
    }
    while (this.#runner.room() > 0 && this.#plan.length > 0) this.#job(this.#plan.shift() as Json);
  }

  #job(input: Json): Job {
    const job: Job = { input, verdict: Promise.resolve({ outcome: 'PASS' }), asked: false };
    const key = valueKey(input);
    this.#jobs.set(key, [...(this.#jobs.get(key) ?? []), job]);
    job.verdict = this.#runner.run(input).then((verdict) => {
      job.settled = verdict;
      const chased = isChased(verdict, this.#guessing.chase);
      if (!chased && (verdict.outcome === 'PASS' || verdict.outcome === 'INVALID')) {
        this.#seen[verdict.outcome]++;
      }
      // The plan assumed an outcome: once a trial is chased or comes out otherwise, the reducer
      // may go elsewhere (a plan branched on the outcomes is made again on every verdict).
      if (this.#guessing.predict || chased || verdict.outcome !== this.#assumed) this.#plan = [];
      this.fill();
      return verdict;
    });
    // A guess nobody asks for may fail with its runner (disposed): that is not an error.
    job.verdict.catch(() => undefined);
    return job;
  }

  /** A job started for `input` (that `test` accepts, when given). */
  #find(input: Json, test: (job: Job) => boolean = () => true): Job | undefined {
    return this.#jobs.get(valueKey(input))?.find((job) => test(job) && sameValue(job.input, input));
  }
}
