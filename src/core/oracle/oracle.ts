import type { Json } from '../input/kinds.js';
import { sameValue } from '../input/value.js';
import type { Verdict } from './verdict.js';

/** An input: any JSON value (the article's are arrays of integers; see `input/kinds.ts`). */
export type Input = Json;

/**
 * The inputs a reduction would ask for after a trial, in its order, at most `count` of them: if
 * the trial is not chased, or with `chased`, if it is (a reducer that cannot say names none).
 * Each after the first assumes the one before it is not chased. A hint for spare jobs only: call
 * it synchronously, before the reduction goes on.
 */
export type LookAhead<T = Input> = (count: number, chased?: boolean) => T[];

/**
 * Judges inputs. Live oracles run user code in workers; the replay oracle serves recorded
 * verdicts; tests use synchronous predicates. The reducers never see which one it is.
 */
export interface Oracle {
  /**
   * Judges one input. `ahead`, when given, names the inputs a reduction would ask for next (see
   * {@link LookAhead}; call it synchronously, before this call returns): an oracle with spare jobs
   * may start judging them now. The verdict of `input` is the same either way.
   */
  judge(input: Input, ahead?: LookAhead): Promise<Verdict>;
  /**
   * Judges many inputs in one round trip (generation, exhaustive runs). Verdicts come back in
   * the order of `inputs`.
   */
  judgeBatch(inputs: readonly Input[]): Promise<Verdict[]>;
}

/** A synchronous oracle: a plain function, used by tests and in-thread exhaustive runs. */
export type SyncOracle = (input: Input) => Verdict;

/** Whether two inputs are equal. */
export function sameInput(a: Input, b: Input): boolean {
  return sameValue(a, b);
}
