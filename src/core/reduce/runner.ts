import type { Input, Oracle, SyncOracle } from '../oracle/oracle.js';
import type { Verdict } from '../oracle/verdict.js';

/** The phase a request to the oracle belongs to (recorded with every call). */
export type Phase = 'find' | 'confirm' | 'reduce' | 'verify';

/** What a step coroutine asks for: verdicts for these inputs, in order. */
export interface Request {
  inputs: Input[];
  phase: Phase;
}

/** A step coroutine: yields requests, receives their verdicts, returns its result. */
export type Steps<T> = Generator<Request, T, Verdict[]>;

/** Thrown into a coroutine when the user cancels; coroutines finish early with what they have. */
export class Cancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'Cancelled';
  }
}

/** Runs a step coroutine against a synchronous oracle. */
export function runSync<T>(steps: Steps<T>, judge: SyncOracle): T {
  let step = steps.next();
  while (!step.done) step = steps.next(step.value.inputs.map((input) => judge(input)));
  return step.value;
}

/**
 * Runs a step coroutine against an async oracle. Single inputs go through `judge`, several
 * through `judgeBatch`. When `cancelled()` turns true, {@link Cancelled} is thrown into the
 * coroutine at its next request so it can finish with what it has.
 */
export async function runAsync<T>(
  steps: Steps<T>,
  oracle: Oracle,
  cancelled: () => boolean = () => false,
): Promise<T> {
  let step = steps.next();
  while (!step.done) {
    if (cancelled()) {
      step = steps.throw(new Cancelled());
      continue;
    }
    const { inputs } = step.value;
    let verdicts: Verdict[];
    try {
      verdicts =
        inputs.length === 1 && inputs[0]
          ? [await oracle.judge(inputs[0])]
          : await oracle.judgeBatch(inputs);
    } catch (error) {
      // A cancel usually aborts the call in flight: report it as the cancel it is.
      step = steps.throw(cancelled() ? new Cancelled() : error);
      continue;
    }
    step = cancelled() ? steps.throw(new Cancelled()) : steps.next(verdicts);
  }
  return step.value;
}
