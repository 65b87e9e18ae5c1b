import type { Json } from '../core/input/kinds.js';
import { sameValue, valueKey } from '../core/input/value.js';
import { isChased } from '../core/oracle/chase.js';
import type { LookAhead } from '../core/oracle/oracle.js';
import type { Verdict } from '../core/oracle/verdict.js';
import type { Judged } from '../core/reduce/types.js';
import { hintedBranches, likelihood } from './guess-hints.js';
import { type Branch, ReplayTree } from './guess-tree.js';
import type { Guessing, Predict } from './guessing.js';

/**
 * How a {@link Guesses} runs a trial (a run that `signal` aborts may end early, its verdict
 * unused), and how many more may start now.
 */
export interface GuessRunner {
  run(input: Json, signal?: AbortSignal): Promise<Verdict>;
  room(): number;
  /** How many runs go at once at most (the trials asked for and the guesses together). */
  jobs?: number;
}

/** The runs a {@link Guesses} made: judged ahead and never asked for, and of those, stopped. */
export interface GuessCounts {
  wasted: number;
  stopped: number;
}

interface Job {
  input: Json;
  /** The input's content key. */
  key: string;
  verdict: Promise<Verdict>;
  settled?: Verdict;
  /** Whether the reduction has asked for it (a guess not yet asked for is not). */
  asked: boolean;
  /** Stops its run (a guess the reduction will not ask for). */
  stop: AbortController;
}

/**
 * How much time replaying the reducer may take: at most `share` of the reduction's time, plus
 * `slackMs`; past that, plans are made from the trials the reducer names ahead.
 */
export interface PlanBudget {
  share: number;
  slackMs: number;
}

/**
 * A trial less likely than this to be asked for is not guessed: its run would be wasted 49 times
 * in 50, and on a busy machine, starting it slows the runs that matter.
 */
const UNLIKELY = 1 / 50;

const PLAN_BUDGET: PlanBudget = { share: 0.15, slackMs: 250 };

/**
 * Trials judged ahead, as picire's parallel ddmin does, on up to `jobs` runs at once: the trials
 * the reduction is likeliest to ask for next, along both outcomes of each trial not yet judged
 * (a tree of guesses, the nearest and likeliest first), are started while there is room; the
 * reduction takes each verdict when it asks for that trial. The trial it asks for starts at once,
 * never behind a guess (the least likely guess is stopped to make room), and a guess the
 * reduction can no longer ask for is stopped at once. The reduction still asks for each trial
 * and records its verdict, so for verdicts that depend on the input alone it does and records
 * exactly what it does one trial at a time: the guesses are only verdicts in flight.
 *
 * The tree comes from replaying the reducer (deterministic) with the verdicts known and the
 * outcomes each branch assumes; where a replay is slow (the `syntax` reducer), from the trials
 * the reducer names ahead (`Trial.ahead`) if the trial asked for is chased and if it is not.
 * Used by the command oracle (N commands) and the parallel oracle (N pairs).
 */
export class Guesses {
  readonly #guessing: Guessing;
  readonly #runner: GuessRunner;
  /** How many trials a plan names at most (the guesses running beyond it are stopped). */
  readonly #depth: number;
  /** Guesses not yet asked for, running or ended, by the input's content key. */
  readonly #jobs = new Map<string, Job[]>();
  /** Every verdict of this reduction, judged as the reducer is told, by content key. */
  readonly #judged = new Map<string, Judged>();
  /** Runs under way (asked for or guessed) that hold a job. */
  readonly #running = new Set<Job>();
  #start: Json | undefined;
  /** Which reduction a run belongs to (a late verdict of an earlier one is not kept). */
  #round = 0;
  #tree: ReplayTree | undefined;
  #predict: Predict | undefined;
  /** The branches the trial asked for last named (when there is no tree). */
  #hints: Branch[] = [];
  /** How many trials asked for ended, and how many of them were chased. */
  #asked = { ended: 0, chased: 0 };
  /** When this reduction began, and the time spent replaying its reducer since. */
  #spent = { since: 0, planMs: 0 };
  /** How many verdicts not chased were PASS, and how many INVALID. */
  #seen = { PASS: 0, INVALID: 0 };
  readonly #counts: GuessCounts = { wasted: 0, stopped: 0 };

  readonly #budget: PlanBudget;

  constructor(guessing: Guessing, runner: GuessRunner, depth: number, budget = PLAN_BUDGET) {
    this.#guessing = guessing;
    this.#runner = runner;
    this.#depth = depth;
    this.#budget = budget;
  }

  /**
   * Guesses are made from `start` (the reduction's confirmed failure) on; `undefined` stops
   * guessing. Guesses of an earlier reduction are stopped and dropped.
   */
  from(start: Json | undefined): void {
    for (const job of [...this.#running]) if (!job.asked) this.#stop(job);
    for (const jobs of this.#jobs.values()) this.#counts.wasted += jobs.length;
    this.#round++;
    this.#start = start;
    this.#jobs.clear();
    this.#judged.clear();
    this.#hints = [];
    this.#asked = { ended: 0, chased: 0 };
    this.#spent = { since: performance.now(), planMs: 0 };
    this.#seen = { PASS: 0, INVALID: 0 };
    const { reducer, shape, syntax, predictor } = this.#guessing;
    this.#predict = start === undefined ? undefined : predictor?.();
    this.#tree =
      start !== undefined && reducer && !predictor && reducer !== 'syntax'
        ? new ReplayTree(reducer, start, shape, syntax)
        : undefined;
    this.fill();
  }

  /** The runs judged ahead so far that were never asked for (see {@link GuessCounts}). */
  counts(): GuessCounts {
    let wasted = this.#counts.wasted;
    for (const jobs of this.#jobs.values()) wasted += jobs.length;
    return { wasted, stopped: this.#counts.stopped };
  }

  /**
   * The trial's verdict: its guess when one was made and not yet taken, else a run started now
   * (a guess stopped to make room if every job is taken). `ahead` names the trials the reduction
   * asks for next (see `Trial.ahead`): without a tree of the reducer's own, they are the plan.
   */
  judge(input: Json, ahead?: LookAhead<Json>): Promise<Verdict> {
    if (this.#start === undefined) return this.#runner.run(input);
    const key = valueKey(input);
    // A guess is taken once; asked again (no cache), the trial runs again.
    let job = this.#jobs.get(key)?.find((found) => sameValue(found.input, input));
    if (job) this.#take(job);
    else {
      if (this.#free() <= 0) this.#makeRoom(this.#plan(), []);
      job = this.#launch(input, key, true);
    }
    const round = this.#round;
    job.verdict.then(
      (verdict) => {
        if (round !== this.#round) return;
        this.#asked.ended++;
        if (isChased(verdict, this.#guessing.chase)) this.#asked.chased++;
      },
      () => undefined,
    );
    const known = this.#known;
    if (this.#tree && ahead && !this.#judged.has(key)) {
      // The reduction went where the replay does not (a verdict that changed): hints from now on.
      const root = this.#tree.root(known);
      if (root === null || valueKey(root) !== key) this.#tree = undefined;
    }
    if (!this.#tree) this.#hints = ahead ? this.#hinted(key, ahead) : [];
    this.fill();
    return job.verdict;
  }

  /**
   * Starts the likeliest trials there is room for and stops the guesses the reduction can no
   * longer ask for (call when room is made).
   */
  fill(): void {
    if (this.#start === undefined) return;
    const plan = this.#plan();
    const planned = new Set(plan.map((branch) => branch.key));
    for (const job of [...this.#running]) if (!job.asked && !planned.has(job.key)) this.#stop(job);
    // The trials asked for hold their jobs; the likeliest of the rest get the others.
    let asked = 0;
    for (const job of this.#running) if (job.asked) asked++;
    const capacity = this.#runner.jobs ?? Number.POSITIVE_INFINITY;
    const wanted = plan.filter((branch) => !this.#askedRunning(branch.key));
    const top = wanted.slice(0, Math.max(0, capacity - asked));
    for (const branch of top) {
      if (this.#jobs.has(branch.key)) continue;
      if (this.#free() <= 0) this.#makeRoom(plan, top);
      if (this.#free() <= 0) break;
      this.#launch(branch.input, branch.key, false);
    }
  }

  /** What the reducer was told of an input's verdict, when it is known. */
  readonly #known = (_input: Json, key: string): Judged | undefined => this.#judged.get(key);

  /** The trials not yet judged, likeliest first (at most the depth). */
  #plan(): Branch[] {
    const chase = (this.#asked.chased + 1) / (this.#asked.ended + 2);
    if (this.#tree) {
      const began = performance.now();
      const assume: Judged = {
        outcome: this.#seen.INVALID > this.#seen.PASS ? 'INVALID' : 'PASS',
        chased: false,
      };
      const count = Math.min(this.#depth, (this.#runner.jobs ?? this.#depth) + 2);
      const { share, slackMs } = this.#budget;
      const allowed = () => (began - this.#spent.since) * share + slackMs - this.#spent.planMs;
      const plan = this.#tree.plan(this.#known, count, chase, assume, began + allowed());
      this.#spent.planMs += performance.now() - began;
      if (allowed() < 0) this.#tree = undefined;
      return plan.filter((branch) => branch.likelihood >= UNLIKELY);
    }
    if (this.#predict && this.#start !== undefined) {
      const named = this.#predict(this.#start, this.#known, () => false, this.#depth);
      return named.map((input, i) => ({
        input,
        key: valueKey(input),
        likelihood: -i,
        assumed: [],
      }));
    }
    const ranked = this.#hints
      .map((branch) => ({ ...branch, likelihood: likelihood(branch.assumed, this.#known, chase) }))
      .filter((branch) => branch.likelihood >= UNLIKELY && !this.#judged.has(branch.key));
    // A stable sort: among branches as likely, the nearest first.
    return ranked.sort((a, b) => b.likelihood - a.likelihood).slice(0, this.#depth);
  }

  /** The branches the trial `key` names: what follows it if it is not chased, and if it is. */
  #hinted(key: string, ahead: LookAhead<Json>): Branch[] {
    const count = Math.min(this.#depth, this.#runner.jobs ?? this.#depth);
    const chase = (this.#asked.chased + 1) / (this.#asked.ended + 2);
    return hintedBranches(key, ahead, count, chase, this.#judged.get(key));
  }

  /** How many more runs may start now. */
  #free(): number {
    const capacity = this.#runner.jobs ?? Number.POSITIVE_INFINITY;
    return Math.min(capacity - this.#running.size, this.#runner.room());
  }

  /** Stops the guess running that is least likely in `plan`, if `keep` does not hold it. */
  #makeRoom(plan: readonly Branch[], keep: readonly Branch[]): void {
    const kept = new Set(keep.map((branch) => branch.key));
    const order = new Map(plan.map((branch, i) => [branch.key, i]));
    let last: Job | undefined;
    for (const job of this.#running) {
      if (job.asked || kept.has(job.key)) continue;
      const rank = order.get(job.key) ?? Number.POSITIVE_INFINITY;
      if (!last || rank >= (order.get(last.key) ?? Number.POSITIVE_INFINITY)) last = job;
    }
    if (last) this.#stop(last);
  }

  #askedRunning(key: string): boolean {
    for (const job of this.#running) if (job.asked && job.key === key) return true;
    return false;
  }

  /** Starts a run: of a trial asked for, or a guess (kept by key until it is asked for). */
  #launch(input: Json, key: string, asked: boolean): Job {
    const job: Job = {
      input,
      key,
      verdict: Promise.resolve({ outcome: 'PASS' }),
      asked,
      stop: new AbortController(),
    };
    if (!asked) this.#jobs.set(key, [...(this.#jobs.get(key) ?? []), job]);
    this.#running.add(job);
    const round = this.#round;
    job.verdict = this.#runner.run(input, asked ? undefined : job.stop.signal).then(
      (verdict) => {
        this.#running.delete(job);
        if (round !== this.#round || job.stop.signal.aborted) return verdict;
        job.settled = verdict;
        const chased = isChased(verdict, this.#guessing.chase);
        this.#judged.set(key, { outcome: verdict.outcome, chased });
        if (!chased && (verdict.outcome === 'PASS' || verdict.outcome === 'INVALID')) {
          this.#seen[verdict.outcome]++;
        }
        this.fill();
        return verdict;
      },
      (error: unknown) => {
        this.#running.delete(job);
        if (round === this.#round) this.fill();
        throw error;
      },
    );
    // A guess nobody asks for may fail with its runner (disposed): that is not an error.
    job.verdict.catch(() => undefined);
    return job;
  }

  /** The reduction asks for a guess: it is no longer one (nor stopped). */
  #take(job: Job): void {
    job.asked = true;
    this.#forget(job);
  }

  /** Drops a job from the guesses not yet asked for. */
  #forget(job: Job): void {
    const rest = (this.#jobs.get(job.key) ?? []).filter((other) => other !== job);
    if (rest.length > 0) this.#jobs.set(job.key, rest);
    else this.#jobs.delete(job.key);
  }

  /** Stops a guess still running: its slot is free at once, its verdict never used. */
  #stop(job: Job): void {
    this.#forget(job);
    this.#running.delete(job);
    this.#counts.wasted++;
    this.#counts.stopped++;
    job.stop.abort();
  }
}
