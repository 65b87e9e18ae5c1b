import type { RoleError } from '../core/code/compile-error.js';
import type { Json } from '../core/input/kinds.js';
import type { Input, LookAhead, Oracle } from '../core/oracle/oracle.js';
import type { Verdict } from '../core/oracle/verdict.js';
import { Guesses } from './guesses.js';
import type { Guessing } from './guessing.js';

/** One of the pool's oracles: a candidate/reference pair (or a predicate) of its own. */
export interface PoolOracle extends Oracle {
  load(): Promise<RoleError[]>;
  dispose(): void;
}

/**
 * Judges on several oracles at once, each with workers of its own, as picire's parallel ddmin
 * does. A batch (the search's generated inputs, the final 1-minimality check) is split among
 * them. During the reduction, idle oracles judge the trials the reducer would ask for next
 * ({@link Guesses}): for code whose verdicts depend on the input alone (not on what ran before in
 * its worker), it does and records exactly what it does on one oracle.
 */
export class ParallelOracle implements Oracle {
  readonly #pool: readonly PoolOracle[];
  readonly #free: PoolOracle[];
  readonly #waiting: ((oracle: PoolOracle) => void)[] = [];
  readonly #guesses: Guesses;

  constructor(pool: readonly PoolOracle[], guessing: Guessing) {
    if (pool.length === 0) throw new Error('a parallel oracle needs at least one oracle');
    this.#pool = pool;
    this.#free = [...pool].reverse();
    this.#guesses = new Guesses(
      guessing,
      {
        run: (input) => this.#run(input),
        room: () => this.#free.length - this.#waiting.length,
        jobs: pool.length,
      },
      pool.length * 2,
    );
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
    this.#guesses.from(input);
  }

  /** The reduction has ended: no more guesses. */
  reduced(): void {
    this.#guesses.from(undefined);
  }

  /** Judges one input; `ahead` names the trials to judge ahead on idle oracles. */
  judge(input: Input, ahead?: LookAhead): Promise<Verdict> {
    return this.#guesses.judge(input, ahead);
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
    this.#guesses.from(undefined);
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
    this.#guesses.fill();
  }
}
