import type { CompileError } from '../core/code/compile-error.js';
import type { Json } from '../core/input/kinds.js';
import type { CallResult } from '../core/oracle/classify.js';
import { JUDGED_AHEAD } from '../core/reduce/exhaustive.js';
import { messageOf } from '../core/text/error-text.js';
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
} from '../protocol/sandbox.js';
import {
  batchReplyProblem,
  callReplyProblem,
  loadReplyProblem,
  SandboxReplyError,
} from './replies.js';
import { SandboxWorker, type Settled } from './sandbox-worker.js';
import type { Transpiled, Transpiler } from './transpile.js';

/** Options of a {@link SandboxClient}. */
export interface SandboxOptions {
  /** Wall-clock budget of one call in milliseconds (default 1000); a batch gets it as a whole. */
  budgetMs?: number;
  /** Budget for running the code's top level (default: the call budget). */
  loadBudgetMs?: number;
  /** Budget for a worker to start, before any code is sent to it (default 10 000 ms). */
  startBudgetMs?: number;
}

type Ready = { ok: true; live: SandboxWorker } | { ok: false; error: CompileError };

/**
 * Runs one piece of user code in a worker, with a time budget per call, on either platform
 * (the platform is the {@link Spawn} passed in).
 *
 * The worker starts when first needed and the code is loaded into it. Calls run one at a time,
 * in order, so a budget measures the call itself, not the queue; a batch asked for when nothing
 * is queued goes out at once, and one asked for while batches sent as one round trip are all
 * that is queued (up to {@link JUDGED_AHEAD} of them waiting) is sent right behind the last, so
 * the worker need not wait a round trip for it, its budget starting when the one before settles.
 * A call that overruns its budget terminates the worker and comes back as a timeout; a worker
 * that dies (out of memory, an engine error) makes the call a crash. Either way the next call
 * gets a fresh worker with the code loaded again. Every returned promise settles: after
 * {@link dispose} the waiting and later calls reject with an `AbortError`.
 */
export class SandboxClient {
  readonly #spawn: Spawn;
  #code: CodeSpec;
  readonly #budgetMs: number;
  readonly #loadBudgetMs: number;
  readonly #startBudgetMs: number;
  readonly #transpile: Transpiler;
  #live: SandboxWorker | undefined;
  #firstLoad: LoadResult | undefined;
  #spec: Promise<Transpiled> | undefined;
  #perCallMs = 0;
  #queue: Promise<unknown> = Promise.resolve();
  /** Tasks queued or running. */
  #pending = 0;
  /** Queued tasks whose batch was sent ahead (see {@link callBatchEncoded}). */
  #aheadQueued = 0;
  /** The batch sent ahead last: while queued ones wait, the one a next batch may follow. */
  #lastAhead: Front | undefined;
  /**
   * The last batch sent as one round trip, while every task but the running one was sent ahead
   * behind it: a batch asked for now can be sent right behind it (see {@link callBatchEncoded}).
   */
  #front: Front | undefined;
  #disposed = false;
  #spawned = 0;
  #terminated = 0;

  /**
   * `transpile` turns JavaScript and TypeScript into sandbox code, once per client (the host's
   * own: the browser's compiles at once, the command's may read it back from its cache).
   */
  constructor(spawn: Spawn, code: CodeSpec, transpile: Transpiler, options: SandboxOptions = {}) {
    this.#spawn = spawn;
    this.#transpile = transpile;
    this.#code = code;
    this.#budgetMs = options.budgetMs ?? 1000;
    this.#loadBudgetMs = options.loadBudgetMs ?? this.#budgetMs;
    this.#startBudgetMs = options.startBudgetMs ?? 10_000;
  }

  /** Workers started so far. */
  get spawned(): number {
    return this.#spawned;
  }

  /** Workers ended so far (terminated by the client or died on their own). */
  get terminated(): number {
    return this.#terminated;
  }

  /** Workers running now (0 or 1). */
  get alive(): number {
    return this.#spawned - this.#terminated;
  }

  /** The running estimate of one call's time in milliseconds (0 before the first call). */
  get perCallMs(): number {
    return this.#perCallMs;
  }

  /** Loads the code (starting a worker if needed). The first answer is kept and returned again. */
  load(): Promise<LoadResult> {
    return this.#enqueue(() => this.#loadResult());
  }

  /**
   * Loads `source` in place of the client's code (same role and language), once the calls
   * before it are done; later calls run it. A JavaScript worker that is running keeps running
   * and evaluates the new code in a compartment of its own (the realm is frozen, so the old code
   * can have changed nothing the new one sees); a Python worker is replaced, since code loaded
   * in one interpreter can change modules the next code would import.
   */
  reload(source: string): Promise<LoadResult> {
    return this.#enqueue(async () => {
      this.#code = { ...this.#code, source };
      this.#spec = undefined;
      this.#firstLoad = undefined;
      this.#perCallMs = 0;
      const live = this.#live;
      if (live) {
        live.loaded = false;
        if (this.#code.language === 'py') live.end({ kind: 'disposed' });
      }
      return this.#loadResult();
    });
  }

  /** The code's first load answer, loading it if needed (#ready records it before it resolves). */
  async #loadResult(): Promise<LoadResult> {
    await this.#ready();
    const first = this.#firstLoad;
    if (!first) throw new Error('the sandbox recorded no load result');
    return first;
  }

  /** Runs the code on one input within the budget. */
  call(input: Json): Promise<CallResult> {
    return this.#enqueue(() => this.#callOne(input));
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
    const now = this.#sendNow(batch);
    const early = now ?? this.#sendAhead(batch);
    return this.#enqueue(
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
          const size = Math.min(count - at, this.#chunkSize());
          parts.push(await this.#callChunk(sliceBatch(batch, at, at + size), size === count));
          at += size;
        }
        return concatResults(parts);
      },
      now ? 'now' : early ? 'ahead' : 'queued',
    );
  }

  /** The most inputs one round trip takes: slow code gets smaller batches, to fit the budget. */
  #chunkSize(): number {
    return this.#perCallMs > 0
      ? Math.max(1, Math.floor(this.#budgetMs / (4 * this.#perCallMs)))
      : Number.POSITIVE_INFINITY;
  }

  /**
   * Sends `batch` to the worker at once when nothing is queued or running and the worker is ready
   * for it (loaded, its calls timed, the batch within one round trip): the batches announced
   * behind it can then be sent ahead of their turn too (see {@link #sendAhead}), before the task
   * that sends it would have run. Undefined when it cannot be sent now.
   */
  #sendNow(batch: BatchInputs): Ahead | undefined {
    const live = this.#live;
    if (this.#pending > 0 || !live || !this.#takesWhole(live, batch)) return undefined;
    const started = performance.now();
    const own = this.#send(live, batch);
    return { settled: own.then((settled) => [undefined, settled, started]) };
  }

  /**
   * Sends `batch` to the worker right behind the last batch sent, when every task but the running
   * one was sent ahead behind it, fewer than {@link JUDGED_AHEAD} are (as many as a check
   * announces), and `batch` fits one round trip: the worker takes it up as soon as it is done with
   * the one before, instead of sitting idle for a round trip. Its budget runs from the moment the
   * batch before it settles (the time it settled comes with it). Undefined when it cannot be sent
   * ahead.
   */
  #sendAhead(batch: BatchInputs): Ahead | undefined {
    const before = this.#front;
    if (
      !before ||
      this.#pending - this.#aheadQueued !== 1 ||
      this.#aheadQueued >= JUDGED_AHEAD ||
      // Those waiting went to a worker that ended (they will be run again, after the one being
      // run again now): a batch sent now would overtake them.
      (this.#aheadQueued > 0 && before !== this.#lastAhead) ||
      before.live !== this.#live ||
      !this.#takesWhole(before.live, batch)
    ) {
      return undefined;
    }
    const began = before.settled.then(() => performance.now());
    const own = this.#send(before.live, batch, before.settled);
    this.#lastAhead = this.#front;
    return { settled: Promise.all([before.settled, own, began]) };
  }

  /**
   * Whether `live` can take `batch` before its task's turn: the client still in use, the worker
   * running with the code loaded, the calls timed, and the batch one round trip (not empty, not
   * to be cut into chunks).
   */
  #takesWhole(live: SandboxWorker, batch: BatchInputs): boolean {
    const count = batchLength(batch);
    return (
      !this.#disposed &&
      live.loaded &&
      !live.ended &&
      this.#perCallMs > 0 &&
      count > 0 &&
      count <= this.#chunkSize()
    );
  }

  /** Sends one batch round trip to `live` (its budget running from `after`, when given). */
  #send(
    live: SandboxWorker,
    chunk: BatchInputs,
    after?: Promise<unknown>,
  ): Promise<Settled<BatchResults>> {
    const count = batchLength(chunk);
    const settled = live.invoke(
      (api) => api.callBatch(chunk),
      this.#budgetMs,
      (value) => batchReplyProblem(value, count, this.#code.role),
      after,
    );
    this.#front = { live, settled };
    return settled;
  }

  /**
   * One batch round trip; when it overruns or the worker dies, each input on its own. `whole`:
   * the chunk is the task's whole batch, so another batch may be sent right behind it.
   */
  async #callChunk(chunk: BatchInputs, whole: boolean): Promise<BatchResults> {
    const count = batchLength(chunk);
    const ready = await this.#ready();
    if (!ready.ok) {
      return encodeResults(Array.from({ length: count }, () => this.#loadFailure(ready.error)));
    }
    const started = performance.now();
    const settled = this.#send(ready.live, chunk);
    if (!whole) this.#front = undefined;
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
      this.#observe((performance.now() - started) / Math.max(1, count));
      return settled.value;
    }
    if (settled.kind === 'disposed' || settled.kind === 'malformed' || count === 1) {
      return encodeResults([this.#result(settled, started)]);
    }
    const results: CallResult[] = [];
    for (let i = 0; i < count; i++) results.push(await this.#callOne(batchInput(chunk, i)));
    return encodeResults(results);
  }

  /** Keeps a running estimate of the time one call takes (for sizing batches). */
  #observe(ms: number): void {
    this.#perCallMs = this.#perCallMs > 0 ? (this.#perCallMs + ms) / 2 : ms;
  }

  /** Terminates the worker; waiting and later calls reject. */
  dispose(): void {
    this.#disposed = true;
    if (this.#live) this.#live.end({ kind: 'disposed' });
  }

  async #callOne(input: Json): Promise<CallResult> {
    const ready = await this.#ready();
    if (!ready.ok) return this.#loadFailure(ready.error);
    const started = performance.now();
    const settled = await ready.live.invoke<CallResult>(
      (api) => api.call(input),
      this.#budgetMs,
      (value) => callReplyProblem(value, this.#code.role),
    );
    if (settled.kind === 'value') this.#observe(settled.value.ms);
    return this.#result(settled, started);
  }

  /** A worker with the code loaded, starting one if needed; or why the code cannot run. */
  async #ready(): Promise<Ready> {
    if (this.#disposed) throw disposedError();
    if (this.#firstLoad && !this.#firstLoad.ok) return this.#firstLoad;
    if (this.#live?.loaded) return { ok: true, live: this.#live };
    // Transpiled here, once: a syntax error needs no worker, and the workers need no compiler.
    // Python is not transpiled: the sandbox compiles it (and places its errors) itself.
    this.#spec ??=
      this.#code.language === 'py'
        ? Promise.resolve({
            ok: true,
            spec: { ...this.#code, code: this.#code.source, mappings: '' },
          })
        : Promise.resolve(this.#transpile(this.#code));
    const transpiled = await this.#spec;
    if (this.#disposed) throw disposedError();
    if (!transpiled.ok) {
      const failed: LoadResult = { ok: false, error: transpiled.error };
      this.#firstLoad ??= failed;
      return failed;
    }
    const spec = transpiled.spec;

    // A running worker whose code was replaced (see reload) takes the new code as it is.
    let live = this.#live;
    let ping: Promise<Settled<true>> | undefined;
    if (!live) {
      try {
        live = this.#start();
      } catch (error) {
        const failed = loadError(
          'WorkerError',
          `the sandbox worker could not start: ${messageOf(error)}`,
        );
        this.#firstLoad ??= failed;
        return failed;
      }
      // The worker starts under a budget of its own (a cold start is not the code's time);
      // then the code's top level runs under the load budget.
      ping = live.invoke<true>(
        (api) => api.ping(),
        this.#startBudgetMs,
        (value) => (value === true ? null : 'a ping answers true'),
      );
    }
    const budget = this.#loadBudgetMs;
    const load = (after?: Promise<unknown>) =>
      live.invoke<LoadResult>((api) => api.load(spec), budget, loadReplyProblem, after);
    // JavaScript code is sent behind the ping, without waiting for its answer (the worker takes
    // messages in order), its budget running from the answer on. Python's ping answers once its
    // runtime has started, and loading needs that runtime: its code waits for the answer.
    const behind = ping && this.#code.language !== 'py' ? load(ping) : undefined;
    const started: Settled<true> = ping ? await ping : { kind: 'value', value: true };
    const settled =
      started.kind === 'value'
        ? await (behind ?? load())
        : started.kind === 'timeout'
          ? ({
              kind: 'exit',
              reason: {
                name: 'WorkerError',
                message: `the sandbox worker did not start within ${this.#startBudgetMs} ms`,
              },
            } as const)
          : started;
    if (settled.kind === 'disposed') throw disposedError();
    if (settled.kind === 'malformed') throw new SandboxReplyError(this.#code.role, settled.problem);
    const result =
      settled.kind === 'value'
        ? settled.value
        : settled.kind === 'timeout'
          ? loadError('Timeout', `loading the ${this.#code.role} code ran longer than ${budget} ms`)
          : loadError(settled.reason.name, settled.reason.message);
    this.#firstLoad ??= result;
    if (result.ok) {
      live.loaded = true;
      return { ok: true, live };
    }
    live.end({ kind: 'disposed' }); // a worker without usable code is of no use
    return result;
  }

  #start(): SandboxWorker {
    const port = this.#spawn();
    this.#spawned += 1;
    const live = new SandboxWorker(port, (ended) => {
      this.#terminated += 1;
      if (this.#live === ended) this.#live = undefined;
    });
    this.#live = live;
    return live;
  }

  #result(settled: Settled<CallResult>, started: number): CallResult {
    const ms = performance.now() - started;
    const role = this.#code.role;
    switch (settled.kind) {
      case 'value':
        return settled.value;
      case 'timeout': {
        const message = `ran longer than ${this.#budgetMs} ms`;
        return { ok: false, timeout: true, error: { name: 'Timeout', message, role }, ms };
      }
      case 'exit':
        return { ok: false, error: { ...settled.reason, role }, ms };
      case 'disposed':
        throw disposedError();
      case 'malformed':
        throw new SandboxReplyError(role, settled.problem);
    }
  }

  #loadFailure(error: CompileError): CallResult {
    return { ok: false, error: { ...error, role: this.#code.role }, ms: 0 };
  }

  /**
   * Queues `task`. `sent`: its batch is already on its way, sent at once ('now', see
   * {@link #sendNow}) or behind the front ('ahead', see {@link #sendAhead}); or it is not
   * ('queued').
   */
  #enqueue<T>(task: () => Promise<T>, sent: 'now' | 'ahead' | 'queued' = 'queued'): Promise<T> {
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

/** A batch round trip sent to a worker, and how it settles. */
interface Front {
  live: SandboxWorker;
  settled: Promise<Settled<BatchResults>>;
}

/**
 * A batch sent ahead of its task: how the batch before it (none when it was sent at once) and it
 * settled, with the time its budget started.
 */
interface Ahead {
  settled: Promise<[Settled<BatchResults> | undefined, Settled<BatchResults>, number]>;
}

/** A load failure that has no position in the source. */
function loadError(name: string, message: string): { ok: false; error: CompileError } {
  return { ok: false, error: { name, message, line: 1, column: 1 } };
}

function disposedError(): Error {
  const error = new Error('the sandbox was disposed');
  error.name = 'AbortError';
  return error;
}
