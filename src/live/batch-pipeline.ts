import type { BatchInputs, BatchResults } from '../protocol/sandbox.js';
import type { SandboxWorker, Settled } from './sandbox-worker.js';

/** A batch round trip sent to a worker, and how it settles. */
interface Front {
  live: SandboxWorker;
  settled: Promise<Settled<BatchResults>>;
}

/**
 * A batch sent ahead of its task: how the batch before it (none when it was sent at once) and it
 * settled, with the time its budget started.
 */
export interface BatchSentAhead {
  settled: Promise<[Settled<BatchResults> | undefined, Settled<BatchResults>, number]>;
}

/** Whether a task's batch was sent before its turn: at once, behind the front, or not. */
export type Sent = 'now' | 'ahead' | 'queued';

/** What a pipeline needs of its client. */
export interface PipelineParts {
  /** Sends one batch round trip to `live`, its budget running from `after` when given. */
  roundTrip(
    live: SandboxWorker,
    batch: BatchInputs,
    after?: Promise<unknown>,
  ): Promise<Settled<BatchResults>>;
  /** Whether `live` can take `batch` before its task's turn (see {@link BatchPipeline}). */
  takesWhole(live: SandboxWorker, batch: BatchInputs): boolean;
}

/**
 * A sandbox client's tasks, run one at a time in order, and the batches sent to the worker
 * before their task's turn: a batch asked for when nothing is queued goes out at once, and one
 * asked for while batches sent as one round trip are all that is queued (up to `lookAhead` of
 * them waiting) is sent right behind the last, so that the worker need not wait a round trip
 * for it; its budget starts when the one before settles.
 */
export class BatchPipeline {
  readonly #parts: PipelineParts;
  readonly #lookAhead: number;
  #queue: Promise<unknown> = Promise.resolve();
  /** Tasks queued or running. */
  #pending = 0;
  /** Queued tasks whose batch was sent ahead. */
  #aheadQueued = 0;
  /** The batch sent ahead last: while queued ones wait, the one a next batch may follow. */
  #lastAhead: Front | undefined;
  /**
   * The last batch sent as one round trip, while every task but the running one was sent ahead
   * behind it: a batch asked for now can be sent right behind it.
   */
  #front: Front | undefined;

  constructor(parts: PipelineParts, lookAhead: number) {
    this.#parts = parts;
    this.#lookAhead = lookAhead;
  }

  /** Sends one batch round trip to `live`: the front a next batch may follow. */
  send(
    live: SandboxWorker,
    batch: BatchInputs,
    after?: Promise<unknown>,
  ): Promise<Settled<BatchResults>> {
    const settled = this.#parts.roundTrip(live, batch, after);
    this.#front = { live, settled };
    return settled;
  }

  /** No batch may follow the front sent last (a task cut its batch into chunks). */
  clearFront(): void {
    this.#front = undefined;
  }

  /**
   * Sends `batch` to `live` at once when nothing is queued or running and the worker is ready
   * for it: the batches announced behind it can then be sent ahead of their turn too (see
   * {@link sendAhead}), before the task that sends it would have run. Undefined when it cannot
   * be sent now.
   */
  sendNow(live: SandboxWorker | undefined, batch: BatchInputs): BatchSentAhead | undefined {
    if (this.#pending > 0 || !live || !this.#parts.takesWhole(live, batch)) return undefined;
    const started = performance.now();
    const own = this.send(live, batch);
    return { settled: own.then((settled) => [undefined, settled, started]) };
  }

  /**
   * Sends `batch` right behind the last batch sent, when every task but the running one was
   * sent ahead behind it, fewer than `lookAhead` are (as many as a check announces), and
   * `batch` fits one round trip: the worker takes it up as soon as it is done with the one
   * before, instead of sitting idle for a round trip. Its budget runs from the moment the batch
   * before it settles (the time it settled comes with it). Undefined when it cannot be sent
   * ahead; `current` is the worker running now.
   */
  sendAhead(current: SandboxWorker | undefined, batch: BatchInputs): BatchSentAhead | undefined {
    const before = this.#front;
    if (
      !before ||
      this.#pending - this.#aheadQueued !== 1 ||
      this.#aheadQueued >= this.#lookAhead ||
      // Those waiting went to a worker that ended (they will be run again, after the one being
      // run again now): a batch sent now would overtake them.
      (this.#aheadQueued > 0 && before !== this.#lastAhead) ||
      before.live !== current ||
      !this.#parts.takesWhole(before.live, batch)
    ) {
      return undefined;
    }
    const began = before.settled.then(() => performance.now());
    const own = this.send(before.live, batch, before.settled);
    this.#lastAhead = this.#front;
    return { settled: Promise.all([before.settled, own, began]) };
  }

  /**
   * Queues `task`. `sent`: its batch is already on its way, sent at once ('now') or behind the
   * front ('ahead'); or it is not ('queued').
   */
  enqueue<T>(task: () => Promise<T>, sent: Sent = 'queued'): Promise<T> {
    this.#pending += 1;
    if (sent === 'ahead') this.#aheadQueued += 1;
    // A task that sends when its turn comes: no batch asked for after it may go ahead of it, so
    // none may follow the front sent before it.
    if (sent === 'queued') this.#front = undefined;
    const run = this.#queue
      .then(() => {
        // A task sent ahead or at once is the front's chain going on; any other sends its own
        // batch, if any, and none sent before it may be followed blindly.
        if (sent === 'ahead') this.#aheadQueued -= 1;
        else if (sent === 'queued') this.#front = undefined;
        return task();
      })
      .finally(() => {
        this.#pending -= 1;
      });
    this.#queue = run.catch(() => undefined);
    return run;
  }
}
