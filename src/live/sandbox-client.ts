import type { Json } from '../core/input/kinds.js';
import type { CallResult } from '../core/oracle/classify.js';
import {
  batchInput,
  batchLength,
  concatResults,
  decodeResults,
  encodeBatch,
  encodeResults,
  sliceBatch,
} from '../protocol/batch.js';
import type {
  BatchInputs,
  BatchResults,
  CodeSpec,
  LoadResult,
  Spawn,
  WorkerPort,
} from '../protocol/sandbox.js';
import { BatchPipeline } from './batch-pipeline.js';
import { CallBudget } from './call-budget.js';
import { batchReplyProblem, callReplyProblem } from './replies.js';
import { SandboxLoader } from './sandbox-loader.js';
import type { SandboxWorker, Settled } from './sandbox-worker.js';
import type { Transpiler } from './transpile.js';

/** Options of a {@link SandboxClient}. */
export interface SandboxOptions {
  /** Wall-clock budget of one call in milliseconds (default 1000); a batch gets it as a whole. */
  budgetMs?: number;
  /** Budget for running the code's top level (default: the call budget). */
  loadBudgetMs?: number;
  /** Budget for a worker to start, before any code is sent to it (default 10 000 ms). */
  startBudgetMs?: number;
  /**
   * How many batches may be sent behind the one in flight (default 2: as many as an exhaustive
   * check announces, the core's `JUDGED_AHEAD`).
   */
  lookAhead?: number;
}

/**
 * Runs one piece of user code in a worker, with a time budget per call, on either platform
 * (the platform is the {@link Spawn} passed in). Three parts do the work: the worker's life and
 * the loading of the code ({@link SandboxLoader}), the time per call ({@link CallBudget}), and
 * the order of calls with batches sent ahead of their turn ({@link BatchPipeline}).
 *
 * Calls run one at a time, in order, so a budget measures the call itself, not the queue. A
 * call that overruns its budget terminates the worker and comes back as a timeout; a worker that
 * dies (out of memory, an engine error) makes the call a crash. Either way the next call gets a
 * fresh worker with the code loaded again. Every returned promise settles: after
 * {@link dispose} the waiting and later calls reject with an `AbortError`.
 */
export class SandboxClient {
  readonly #loader: SandboxLoader;
  readonly #budget: CallBudget;
  readonly #pipeline: BatchPipeline;

  /**
   * `transpile` turns JavaScript and TypeScript into sandbox code, once per client (the host's
   * own: the browser's compiles at once, the command's may read it back from its cache).
   */
  constructor(spawn: Spawn, code: CodeSpec, transpile: Transpiler, options: SandboxOptions = {}) {
    const budgetMs = options.budgetMs ?? 1000;
    this.#budget = new CallBudget(budgetMs, code.role);
    this.#loader = new SandboxLoader(spawn, code, transpile, {
      startMs: options.startBudgetMs ?? 10_000,
      loadMs: options.loadBudgetMs ?? budgetMs,
    });
    this.#pipeline = new BatchPipeline(
      {
        roundTrip: (live, batch, after) => {
          const count = batchLength(batch);
          return live.invoke(
            (api) => api.callBatch(batch),
            budgetMs,
            (value) => batchReplyProblem(value, count, code.role),
            after,
          );
        },
        takesWhole: (live, batch) => this.#takesWhole(live, batch),
      },
      options.lookAhead ?? 2,
    );
  }

  /** Workers started so far. */
  get spawned(): number {
    return this.#loader.spawned;
  }

  /** Workers ended so far (terminated by the client or died on their own). */
  get terminated(): number {
    return this.#loader.terminated;
  }

  /** Workers running now (0 or 1). */
  get alive(): number {
    return this.spawned - this.terminated;
  }

  /** The running estimate of one call's time in milliseconds (0 before the first call). */
  get perCallMs(): number {
    return this.#budget.perCallMs;
  }

  /** Loads the code (starting a worker if needed). The first answer is kept and returned again. */
  load(): Promise<LoadResult> {
    return this.#pipeline.enqueue(() => this.#loader.firstLoad());
  }

  /**
   * Loads `source` in place of the client's code (same role and language), once the calls
   * before it are done; later calls run it (see {@link SandboxLoader.replace}).
   */
  reload(source: string): Promise<LoadResult> {
    return this.#pipeline.enqueue(async () => {
      this.#loader.replace(source);
      this.#budget.reset();
      return this.#loader.firstLoad();
    });
  }

  /** Runs the code on one input within the budget. */
  call(input: Json): Promise<CallResult> {
    return this.#pipeline.enqueue(() => this.#callOne(input));
  }

  /**
   * Runs the code on each input, in one round trip when the whole batch fits in one budget.
   * Otherwise (a hang or a dead worker) each input is run again on its own, so that only the
   * inputs that hang or kill the worker are reported as such. Encoded inputs may be shared with
   * other clients (each worker gets a copy) and must not change until the promise settles.
   */
  async callBatch(inputs: readonly Json[] | BatchInputs): Promise<CallResult[]> {
    return decodeResults(await this.callBatchEncoded(inputs));
  }

  /** {@link callBatch} with the results batch (numbers in typed arrays, as the worker sent them). */
  callBatchEncoded(inputs: readonly Json[] | BatchInputs): Promise<BatchResults> {
    const batch = Array.isArray(inputs) ? encodeBatch(inputs) : (inputs as BatchInputs);
    const live = this.#loader.live;
    const now = this.#pipeline.sendNow(live, batch);
    const early = now ?? this.#pipeline.sendAhead(live, batch);
    return this.#pipeline.enqueue(
      async () => {
        if (early) {
          const [before, own, started] = await early.settled;
          // Taken down with a batch before it that timed out or ended the worker: run it again.
          if (before === undefined || before.kind === 'value' || own.kind === 'disposed') {
            return this.#chunkResults(batch, own, started);
          }
        }
        const count = batchLength(batch);
        const parts: BatchResults[] = [];
        for (let at = 0; at < count; ) {
          const size = Math.min(count - at, this.#budget.chunkSize());
          parts.push(await this.#callChunk(sliceBatch(batch, at, at + size), size === count));
          at += size;
        }
        return concatResults(parts);
      },
      now ? 'now' : early ? 'ahead' : 'queued',
    );
  }

  /** Terminates the worker; waiting and later calls reject. */
  dispose(): void {
    this.#loader.dispose();
  }

  /**
   * Disposes of the client, handing over its worker when it is running, idle and has the code
   * loaded, for another client to load its code into; `null` when it was ended instead.
   */
  release(): WorkerPort | null {
    return this.#loader.release();
  }

  /**
   * Whether `live` can take `batch` before its task's turn: the client still in use, the worker
   * running with the code loaded, the calls timed, and the batch one round trip (not empty, not
   * to be cut into chunks).
   */
  #takesWhole(live: SandboxWorker, batch: BatchInputs): boolean {
    const count = batchLength(batch);
    return (
      !this.#loader.disposed &&
      live.loaded &&
      !live.ended &&
      this.#budget.perCallMs > 0 &&
      count > 0 &&
      count <= this.#budget.chunkSize()
    );
  }

  /**
   * One batch round trip; when it overruns or the worker dies, each input on its own. `whole`:
   * the chunk is the task's whole batch, so another batch may be sent right behind it.
   */
  async #callChunk(chunk: BatchInputs, whole: boolean): Promise<BatchResults> {
    const count = batchLength(chunk);
    const ready = await this.#loader.ready();
    if (!ready.ok) {
      const failure = this.#budget.loadFailure(ready.error);
      return encodeResults(Array.from({ length: count }, () => failure));
    }
    const started = performance.now();
    const settled = this.#pipeline.send(ready.live, chunk);
    if (!whole) this.#pipeline.clearFront();
    return this.#chunkResults(chunk, await settled, started);
  }

  /** The results of a batch round trip that settled, re-running it input by input on failure. */
  async #chunkResults(
    chunk: BatchInputs,
    settled: Settled<BatchResults>,
    started: number,
  ): Promise<BatchResults> {
    const count = batchLength(chunk);
    if (settled.kind === 'value') {
      this.#budget.observe((performance.now() - started) / Math.max(1, count));
      return settled.value;
    }
    if (settled.kind === 'disposed' || settled.kind === 'malformed' || count === 1) {
      return encodeResults([this.#budget.result(settled, started)]);
    }
    const results: CallResult[] = [];
    for (let i = 0; i < count; i++) results.push(await this.#callOne(batchInput(chunk, i)));
    return encodeResults(results);
  }

  async #callOne(input: Json): Promise<CallResult> {
    const ready = await this.#loader.ready();
    if (!ready.ok) return this.#budget.loadFailure(ready.error);
    const started = performance.now();
    const settled = await ready.live.invoke<CallResult>(
      (api) => api.call(input),
      this.#budget.budgetMs,
      (value) => callReplyProblem(value, this.#loader.code.role),
    );
    if (settled.kind === 'value') this.#budget.observe(settled.value.ms);
    return this.#budget.result(settled, started);
  }
}
