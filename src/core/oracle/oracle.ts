import type { Outcome, Verdict } from './verdict.js';

/** An input: the product reduces arrays of integers. */
export type Input = readonly number[];

/**
 * Judges inputs. Live oracles run user code in workers; the replay oracle serves recorded
 * verdicts; tests use synchronous predicates. The reducers never see which one it is.
 */
export interface Oracle {
  /** Judges one input. */
  judge(input: Input): Promise<Verdict>;
  /**
   * Judges many inputs in one round trip (generation, exhaustive runs). Verdicts come back in
   * the order of `inputs`.
   */
  judgeBatch(inputs: readonly Input[]): Promise<Verdict[]>;
}

/** A synchronous oracle: a plain function, used by tests and in-thread exhaustive runs. */
export type SyncOracle = (input: Input) => Verdict;

/** A predicate in the article's style: returns an outcome for an input. */
export type Predicate = (input: Input) => Outcome;

/** Lifts a predicate to a synchronous oracle. */
export function predicateOracle(predicate: Predicate): SyncOracle {
  return (input) => ({ outcome: predicate(input) });
}

/** Lifts a synchronous oracle to the async {@link Oracle} interface. */
export function asyncOracle(judge: SyncOracle): Oracle {
  return {
    judge: async (input) => judge(input),
    judgeBatch: async (inputs) => inputs.map((input) => judge(input)),
  };
}
