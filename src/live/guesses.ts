import type { Json } from '../core/input/kinds.js';
import { sameValue, valueKey } from '../core/input/value.js';
import { isChased } from '../core/oracle/chase.js';
import type { LookAhead } from '../core/oracle/oracle.js';
import { type Outcome, UNPARSED, type Verdict } from '../core/oracle/verdict.js';
import { predictTrials } from '../core/reduce/lookahead.js';
import type { Judged } from '../core/reduce/types.js';
import type { Guessing, Predict } from './guessing.js';

/**
 * How a {@link Guesses} runs a trial (a run that `signal` aborts may end early, its verdict
 * unused), and how many more may start now.
 */
export interface GuessRunner {
  run(input: Json, signal?: AbortSignal): Promise<Verdict>;
  room(): number;
  /** How many runs go at once at most (the plan a reducer names holds one fewer: see `judge`). */
  jobs?: number;
}

/** The runs a {@link Guesses} made: judged ahead and never asked for, and of those, stopped. */
export interface GuessCounts {
  wasted: number;
  stopped: number;
}

interface Job {
  input: Json;
  verdict: Promise<Verdict>;
  settled?: Verdict;
  /** Whether the reduction has asked for it (a guess not yet asked for is not). */
  asked: boolean;
  /** Stops its run (a guess the reduction will not ask for). */
  stop: AbortController;
  /** The input's content key. */
  key: string;
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
  /** What names the next trials of this reduction instead of its reducer, if anything. */
  #predict: Predict | undefined;
  #plan: Json[] = [];
  /** The outcome the plan assumed for trials not yet judged. */
  #assumed: Outcome = 'PASS';
  /** How many judged trials of this reduction passed, and how many were INVALID. */
  #seen = { PASS: 0, INVALID: 0 };
  /**
   * Whether the reducer names its next trials itself (see `Trial.ahead`): the plan is then what
   * it named with the trial asked for last, never a replay of the reducer.
   */
  #hinted = false;
  /** The two trials asked for last (through this: not those the reduction's cache answered). */
  #asked: Job[] = [];
  /** The trial the plan assumes is chased (the plan is what comes after it then), if any. */
  #assumedChased: Job | undefined;
  readonly #counts: GuessCounts = { wasted: 0, stopped: 0 };
  /** Guesses running that the reduction has not asked for (those a plan change may stop). */
  readonly #running = new Set<Job>();
  /**
   * Guesses not asked for that cost a run (running, or ended by one): with a reducer that names
   * its next trials, one per spare job. A trial refused without a run (one that does not parse)
   * makes room for the next one named.
   */
  readonly #ahead = new Set<Job>();

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
    this.#predict = start === undefined ? undefined : this.#guessing.predictor?.();
    this.#jobs.clear();
    this.#running.clear();
    this.#ahead.clear();
    this.#plan = [];
    this.#seen = { PASS: 0, INVALID: 0 };
    this.#hinted = false;
    this.#asked = [];
    this.#assumedChased = undefined;
    this.fill();
  }

  /** The runs judged ahead so far that were never asked for (see {@link GuessCounts}). */
  counts(): GuessCounts {
    let wasted = this.#counts.wasted;
    for (const jobs of this.#jobs.values()) wasted += jobs.filter((job) => !job.asked).length;
    return { wasted, stopped: this.#counts.stopped };
  }

  /**
   * The trial's verdict: its guess when one was made and not yet taken, else a run now. `ahead`
   * names the trials the reduction asks for next (see `Trial.ahead`): they are the plan from now
   * on, and guesses running that are no longer in it are stopped. The plan assumes this trial is
   * not chased, but after two chased trials in a row that it is too: accepted trials come in
   * streaks (a reduction's large early removals), and between them most trials are rejected.
   */
  judge(input: Json, ahead?: LookAhead<Json>): Promise<Verdict> {
    if (this.#start === undefined) return this.#runner.run(input);
    if (ahead) this.#hinted = true;
    // A guess is taken once; asked again (no cache), the trial runs again.
    const job = this.#find(input, (found) => !found.asked) ?? this.#job(input);
    job.asked = true;
    this.#running.delete(job);
    this.#ahead.delete(job);
    const { chase } = this.#guessing;
    const streak =
      this.#asked.length === 2 &&
      this.#asked.every((before) => before.settled && isChased(before.settled, chase));
    this.#asked = [...this.#asked.slice(-1), job];
    if (this.#hinted) {
      this.#drop(job);
      const ifChased = streak && ahead ? ahead(this.#depth, true) : [];
      this.#assumedChased = ifChased.length > 0 ? job : undefined;
      this.#plan = ifChased.length > 0 ? ifChased : ahead ? ahead(this.#depth) : [];
      this.#stopStale();
    }
    this.fill();
    return job.verdict;
  }

  /** Starts the planned trials there is room for (call when room is made). */
  fill(): void {
    const start = this.#start;
    if (start === undefined) return;
    const find = (input: Json, key?: string) => this.#find(input, undefined, key);
    this.#plan = this.#plan.filter((input) => !find(input));
    if (this.#runner.room() <= 0) return;
    if (this.#plan.length === 0 && !this.#hinted) {
      const { reducer, shape, chase, syntax } = this.#guessing;
      const predict = this.#predict;
      const known = (input: Json, key?: string): Judged | undefined => {
        const verdict = find(input, key)?.settled;
        return verdict ? { outcome: verdict.outcome, chased: isChased(verdict, chase) } : undefined;
      };
      const skip = (input: Json, key?: string) => find(input, key) !== undefined;
      // Trials not yet judged are assumed to come out as most trials that did not fail did.
      this.#assumed = this.#seen.INVALID > this.#seen.PASS ? 'INVALID' : 'PASS';
      const assume = { outcome: this.#assumed, chased: false };
      this.#plan = predict
        ? predict(start, known, skip, this.#depth)
        : reducer
          ? predictTrials(reducer, start, shape, known, skip, this.#depth, assume, syntax)
          : [];
    }
    // With a reducer that names its next trials, one guess per spare job beside the trial asked
    // for: a guess behind a guess is right less often (both trials before it must not be
    // chased), and such guesses were most of the runs wasted.
    const spare = this.#hinted ? (this.#runner.jobs ?? this.#depth) - 1 : Number.POSITIVE_INFINITY;
    while (this.#runner.room() > 0 && this.#plan.length > 0 && this.#ahead.size < spare) {
      this.#ahead.add(this.#job(this.#plan.shift() as Json));
    }
  }

  #job(input: Json): Job {
    const job: Job = {
      input,
      verdict: Promise.resolve({ outcome: 'PASS' }),
      asked: false,
      stop: new AbortController(),
      key: valueKey(input),
    };
    this.#jobs.set(job.key, [...(this.#jobs.get(job.key) ?? []), job]);
    this.#running.add(job);
    job.verdict = this.#runner.run(input, job.stop.signal).then((verdict) => {
      job.settled = verdict;
      this.#running.delete(job);
      if (verdict.error?.name === UNPARSED) this.#ahead.delete(job);
      const chased = isChased(verdict, this.#guessing.chase);
      if (!chased && (verdict.outcome === 'PASS' || verdict.outcome === 'INVALID')) {
        this.#seen[verdict.outcome]++;
      }
      if (this.#hinted) {
        // The plan holds what comes after trials that are not chased (but for the one it may
        // assume is): a trial that comes out otherwise ends it.
        if (job === this.#assumedChased ? !chased : chased) {
          this.#plan = [];
          this.#assumedChased = undefined;
          this.#stopStale();
        }
      } else if (this.#predict || chased || verdict.outcome !== this.#assumed) {
        // The plan assumed an outcome: once a trial is chased or comes out otherwise, the
        // reducer may go elsewhere (a plan branched on the outcomes is made again on every
        // verdict).
        this.#plan = [];
      }
      this.fill();
      return verdict;
    });
    // A guess nobody asks for may fail with its runner (disposed): that is not an error.
    job.verdict.catch(() => undefined);
    return job;
  }

  /** Forgets a job (asked for, or stopped): the map holds the guesses not yet asked for. */
  #drop(job: Job): void {
    const rest = (this.#jobs.get(job.key) ?? []).filter((other) => other !== job);
    if (rest.length > 0) this.#jobs.set(job.key, rest);
    else this.#jobs.delete(job.key);
  }

  /**
   * Stops the guesses still running that the plan no longer holds (a trial before them was
   * chased, or the reducer named others): their runs would only be wasted. Those that ended
   * are kept, in case they are asked for after all.
   */
  #stopStale(): void {
    if (this.#ahead.size === 0) return;
    const planned = new Set(this.#plan.map((input) => valueKey(input)));
    for (const job of [...this.#ahead]) {
      if (planned.has(job.key)) continue;
      this.#ahead.delete(job);
      if (!this.#running.has(job)) continue;
      this.#running.delete(job);
      this.#drop(job);
      this.#counts.wasted++;
      this.#counts.stopped++;
      job.stop.abort();
    }
  }

  /** A job started for `input` (that `test` accepts, when given); `key` is its `valueKey`. */
  #find(
    input: Json,
    test: (job: Job) => boolean = () => true,
    key = valueKey(input),
  ): Job | undefined {
    return this.#jobs.get(key)?.find((job) => test(job) && sameValue(job.input, input));
  }
}
