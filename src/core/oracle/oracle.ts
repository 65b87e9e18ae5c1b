import type { Verdict } from './verdict.js';

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

/**
 * Whether `value` can be an element of an input: a safe integer, and not `-0` (which JSON, and
 * so a session, cannot keep apart from `0`: a re-run would not see the same input).
 */
export function isInputElement(value: unknown): value is number {
  return Number.isSafeInteger(value) && !Object.is(value, -0);
}

/** Whether two inputs have the same elements in the same order. */
export function sameInput(a: Input, b: Input): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

/** Lifts a synchronous oracle to the async {@link Oracle} interface. */
export function asyncOracle(judge: SyncOracle): Oracle {
  return {
    judge: async (input) => judge(input),
    judgeBatch: async (inputs) => inputs.map((input) => judge(input)),
  };
}
