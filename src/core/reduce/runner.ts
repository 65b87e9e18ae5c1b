import type { Input, LookAhead, Oracle, SyncOracle } from '../oracle/oracle.js';
import type { Verdict } from '../oracle/verdict.js';

/** The phase a request to the oracle belongs to (recorded with every call). */
export type Phase = 'find' | 'bisect' | 'confirm' | 'reduce' | 'verify';

/** What a step coroutine asks for: verdicts for these inputs, in order. */
export interface Request {
  inputs: Input[];
  phase: Phase;
  /**
   * The very arrays the coroutine's next requests will hold, in order, whatever these verdicts
   * are (an exhaustive check's next batches): a driver may start judging them now, so that
   * judging them overlaps the coroutine's work on these verdicts and the round trips of the
   * requests before them. Only a promise kept: a coroutine that may stop or change course after
   * these verdicts (a search, a reduction) gives none.
   */
  next?: Input[][];
  /**
   * The inputs a reduction would ask for after this one (a single input), in order, while none of
   * them is chased (see `Trial.ahead`): a hint the oracle may judge ahead with spare jobs. Valid
   * only until the coroutine is resumed.
   */
  ahead?: LookAhead;
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

/**
 * Runs several step coroutines in lockstep as one: each round, the requests of all that are
 * still going are merged into one request (one batch, one round trip), and each gets its own
 * verdicts back. The results come in the order of `all`. Something thrown in (a cancel) is
 * thrown into each of them.
 */
export function* concurrently<T>(all: readonly Steps<T>[]): Steps<T[]> {
  const results = new Array<T>(all.length);
  let pending: { index: number; request: Request }[] = [];
  const advance = (index: number, step: IteratorResult<Request, T>) => {
    if (step.done) results[index] = step.value;
    else pending.push({ index, request: step.value });
  };
  all.forEach((steps, index) => {
    advance(index, steps.next());
  });
  while (pending.length > 0) {
    const round = pending;
    pending = [];
    let verdicts: Verdict[] | null = null;
    let thrown: unknown = null;
    try {
      verdicts = yield {
        inputs: round.flatMap(({ request }) => request.inputs),
        phase: (round[0] as { request: Request }).request.phase,
      };
    } catch (error) {
      thrown = error;
    }
    let offset = 0;
    for (const { index, request } of round) {
      const steps = all[index] as Steps<T>;
      const count = request.inputs.length;
      if (verdicts) advance(index, steps.next(verdicts.slice(offset, offset + count)));
      else advance(index, steps.throw(thrown));
      offset += count;
    }
  }
  return results;
}

/** Runs a step coroutine against a synchronous oracle. */
export function stepThroughSync<T>(steps: Steps<T>, judge: SyncOracle): T {
  let step = steps.next();
  while (!step.done) step = steps.next(step.value.inputs.map((input) => judge(input)));
  return step.value;
}

/**
 * Runs a step coroutine against an async oracle. Single inputs go through `judge`, several
 * through `judgeBatch`; a request's announced next ones are judged ahead, each asked for once,
 * in order (see {@link Request.next}).
 * When `cancelled()` turns true, {@link Cancelled} is thrown into the coroutine at its next
 * request so it can finish with what it has.
 */
export async function stepThrough<T>(
  steps: Steps<T>,
  oracle: Oracle,
  cancelled: () => boolean = () => false,
): Promise<T> {
  const judge = (inputs: Input[], hint?: LookAhead): Promise<Verdict[]> =>
    inputs.length === 1 && inputs[0]
      ? (hint ? oracle.judge(inputs[0], hint) : oracle.judge(inputs[0])).then((verdict) => [
          verdict,
        ])
      : oracle.judgeBatch(inputs);
  /** The requests announced as next, judged ahead, in order (see {@link Request.next}). */
  let ahead: { inputs: Input[]; verdicts: Promise<Verdict[]> }[] = [];
  let step = steps.next();
  while (!step.done) {
    if (cancelled()) {
      step = steps.throw(new Cancelled());
      continue;
    }
    const { inputs, next } = step.value;
    let verdicts: Verdict[];
    try {
      const announced = ahead[0]?.inputs === inputs ? ahead.shift() : undefined;
      // A request that is not the one announced breaks the promise: what was judged ahead is
      // dropped (its failure is nobody's to report).
      if (!announced) ahead = [];
      const current = announced?.verdicts ?? judge(inputs, step.value.ahead);
      for (const [i, later] of (next ?? []).entries()) {
        if (ahead[i]?.inputs === later) continue;
        // Asked for after the requests before it, so each worker takes it up right after them.
        // Its failure is its own request's to report (or nobody's, if the run ends first).
        const judged = judge(later);
        judged.catch(() => {});
        ahead.splice(i, ahead.length - i, { inputs: later, verdicts: judged });
      }
      verdicts = await current;
    } catch (error) {
      // A cancel usually aborts the call in flight: report it as the cancel it is.
      step = steps.throw(cancelled() ? new Cancelled() : error);
      continue;
    }
    step = cancelled() ? steps.throw(new Cancelled()) : steps.next(verdicts);
  }
  return step.value;
}
