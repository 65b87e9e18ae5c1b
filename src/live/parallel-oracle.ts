import type { RoleError } from '../core/code/compile-error.js';
import type { Json, Shape } from '../core/input/kinds.js';
import { sameValue, valueKey } from '../core/input/value.js';
import { type Chase, isChased } from '../core/oracle/chase.js';
import type { Input, Oracle } from '../core/oracle/oracle.js';
import type { Verdict } from '../core/oracle/verdict.js';
import { predictTrials } from '../core/reduce/lookahead.js';
import type { ReducerName } from '../core/reduce/types.js';

/** One of the pool's oracles: a candidate/reference pair (or a predicate) of its own. */
export interface PoolOracle extends Oracle {
  load(): Promise<RoleError[]>;
  dispose(): void;
}

/** What the pool needs to know of the reduction to guess its next trials. */
export interface Guessing {
  reducer: ReducerName;
  shape: Shape;
  chase: Chase;
}

interface Job {
  input: Json;
  verdict: Promise<Verdict>;
  settled?: Verdict;
  /** Whether the reduction has asked for it (a guess not yet asked for is not). */
  asked: boolean;
}

/**
 * Judges on several oracles at once, each with workers of its own, as picire's parallel ddmin
 * does. A batch (the search's generated inputs, the final 1-minimality check) is split among
 * them. During the reduction, the trials the reducer would ask for next if every pending one
 * passes are judged ahead on idle oracles; the reduction takes each verdict when it asks for
 * that trial, so for code whose verdicts depend on the input alone (not on what ran before in
 * its worker) it does and records exactly what it does on one oracle. A wrong guess only costs a
 * call that is not recorded.
 */
export class ParallelOracle implements Oracle {
  readonly #pool: readonly PoolOracle[];
  readonly #guessing: Guessing;
  readonly #free: PoolOracle[];
  readonly #waiting: ((oracle: PoolOracle) => void)[] = [];
  /** Jobs of the current reduction, by the input's content key. */
  readonly #jobs = new Map<string, Job[]>();
  #start: Json | undefined;
  #plan: Json[] = [];
  #disposed = false;

  constructor(pool: readonly PoolOracle[], guessing: Guessing) {
    if (pool.length === 0) throw new Error('a parallel oracle needs at least one oracle');
    this.#pool = pool;
    this.#free = [...pool].reverse();
    this.#guessing = guessing;
  }

  /** Loads every oracle's code side by side; returns the first one's errors (the code is one). */
  async load(): Promise<RoleError[]> {
    const results = await Promise.all(this.#pool.map((oracle) => oracle.load()));
    return results.find((errors) => errors.length > 0) ?? [];
  }

  /**
   * The reduction starts from `input` (its confirmed failure): guesses are made from here on.
   * Guesses of an earlier reduction are dropped.
   */
  reduceFrom(input: Json): void {
    this.#start = input;
    this.#jobs.clear();
    this.#plan = [];
    this.#speculate();
  }

  /** The reduction has ended: no more guesses. */
  reduced(): void {
    this.#start = undefined;
    this.#jobs.clear();
    this.#plan = [];
  }

  judge(input: Input): Promise<Verdict> {
    if (this.#start === undefined) return this.#run(input);
    // A guess made ahead is taken once; asked again (no cache), the trial runs again.
    const ahead = this.#find(input, (job) => !job.asked);
    const job = ahead ?? this.#job(input);
    job.asked = true;
    this.#speculate();
    return job.verdict;
  }

  async judgeBatch(inputs: readonly Input[]): Promise<Verdict[]> {
    const parts = Math.min(this.#pool.length, inputs.length);
    const size = Math.ceil(inputs.length / Math.max(1, parts));
    const slices: Input[][] = [];
    for (let at = 0; at < inputs.length; at += size) slices.push(inputs.slice(at, at + size));
    const judged = await Promise.all(
      slices.map(async (slice) => {
        const oracle = await this.#acquire();
        try {
          return await oracle.judgeBatch(slice);
        } finally {
          this.#release(oracle);
        }
      }),
    );
    return judged.flat();
  }

  /** Disposes every oracle of the pool; calls in flight reject. */
  dispose(): void {
    this.#disposed = true;
    for (const oracle of this.#pool) oracle.dispose();
  }

  /** Runs one input on the next free oracle. */
  async #run(input: Input): Promise<Verdict> {
    const oracle = await this.#acquire();
    try {
      return await oracle.judge(input);
    } finally {
      this.#release(oracle);
    }
  }

  #job(input: Json): Job {
    const job: Job = { input, verdict: Promise.resolve({ outcome: 'PASS' }), asked: false };
    const key = valueKey(input);
    this.#jobs.set(key, [...(this.#jobs.get(key) ?? []), job]);
    job.verdict = this.#run(input).then((verdict) => {
      job.settled = verdict;
      // A guess assumed a pass: once a trial is chased, the reducer goes elsewhere.
      if (isChased(verdict, this.#guessing.chase)) this.#plan = [];
      this.#speculate();
      return verdict;
    });
    // A guess nobody asks for may fail with the pool (disposed): that is not an error.
    job.verdict.catch(() => undefined);
    return job;
  }

  /** A job started for `input` (that `test` accepts, when given). */
  #find(input: Json, test: (job: Job) => boolean = () => true): Job | undefined {
    return this.#jobs.get(valueKey(input))?.find((job) => test(job) && sameValue(job.input, input));
  }

  /** Keeps idle oracles busy with the trials the reducer would ask for next if all pass. */
  #speculate(): void {
    const start = this.#start;
    if (start === undefined || this.#disposed) return;
    const find = (input: Json) => this.#find(input);
    this.#plan = this.#plan.filter((input) => !find(input));
    const idle = this.#free.length - this.#waiting.length;
    if (idle <= 0) return;
    if (this.#plan.length === 0) {
      const { reducer, shape, chase } = this.#guessing;
      this.#plan = predictTrials(
        reducer,
        start,
        shape,
        (input) => {
          const verdict = find(input)?.settled;
          return verdict
            ? { outcome: verdict.outcome, chased: isChased(verdict, chase) }
            : undefined;
        },
        (input) => find(input) !== undefined,
        this.#pool.length * 2,
      );
    }
    for (let i = 0; i < idle && this.#plan.length > 0; i++) this.#job(this.#plan.shift() as Json);
  }

  #acquire(): Promise<PoolOracle> {
    const oracle = this.#free.pop();
    if (oracle) return Promise.resolve(oracle);
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Gives the oracle to the next waiting call; else it is free, and guesses may use it. */
  #release(oracle: PoolOracle): void {
    const next = this.#waiting.shift();
    if (next) {
      next(oracle);
      return;
    }
    this.#free.push(oracle);
    this.#speculate();
  }
}
