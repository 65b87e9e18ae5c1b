import { type Remote, wrap } from 'comlink';
import { messageOf } from '../core/text/error-text.js';
import type { ExitReason, SandboxApi, WorkerPort } from '../protocol/sandbox.js';

/**
 * The worker's methods, each looked up on Comlink's proxy once: every lookup makes a new proxy
 * and registers it for finalization, which a trial would otherwise pay on each call.
 */
export type SandboxMethods = Pick<
  Remote<SandboxApi>,
  'ping' | 'load' | 'call' | 'callBatch' | 'check'
>;

/**
 * Each endpoint's methods, made once: a sandbox kept for another run is driven by the proxies it
 * was first driven by. (Comlink releases an endpoint, closing it on the worker's side, once every
 * proxy made for it has been collected; these live as long as the endpoint does.)
 */
const methodsOf = new WeakMap<WorkerPort['endpoint'], SandboxMethods>();

/** The methods of the sandbox behind `port`, wrapped once per endpoint. */
export function sandboxMethods(port: WorkerPort): SandboxMethods {
  let methods = methodsOf.get(port.endpoint);
  if (!methods) {
    const { ping, load, call, callBatch, check } = wrap<SandboxApi>(port.endpoint);
    methods = { ping, load, call, callBatch, check };
    methodsOf.set(port.endpoint, methods);
  }
  return methods;
}

/** Why a request did not get an answer. */
export type End =
  | { kind: 'timeout' }
  | { kind: 'exit'; reason: ExitReason }
  | { kind: 'disposed' }
  | { kind: 'malformed'; problem: string };

/** How a request settled: its answer, or why there is none. */
export type Settled<T> = { kind: 'value'; value: T } | End;

/**
 * One started sandbox worker and the requests waiting on it: each request settles on its answer,
 * on its budget running out (which ends the worker), or on the worker's end. A
 * `SandboxClient` holds one at a time and starts another when one ends.
 */
export class SandboxWorker {
  readonly #port: WorkerPort;
  readonly #methods: SandboxMethods;
  readonly #onEnd: (worker: SandboxWorker) => void;
  /** Settles each waiting request when the worker ends. */
  readonly #waiting = new Set<(end: End) => void>();
  #ended = false;
  #loaded = false;

  /** `onEnd` is told once, when the worker ends, before the requests waiting on it settle. */
  constructor(port: WorkerPort, onEnd: (worker: SandboxWorker) => void) {
    this.#port = port;
    this.#onEnd = onEnd;
    this.#methods = sandboxMethods(port);
    port.onExit((reason) => this.end({ kind: 'exit', reason }));
  }

  /** The worker has ended (asked to, or on its own). */
  get ended(): boolean {
    return this.#ended;
  }

  /** Whether the client's code is loaded in it (not yet, or another code before a reload). */
  get loaded(): boolean {
    return this.#loaded;
  }

  /** Says whether the client's code is loaded in it (its loader alone knows). */
  markLoaded(loaded: boolean): void {
    this.#loaded = loaded;
  }

  /**
   * Sends one request, settling on its answer, on the budget running out, or on the worker's end.
   * The budget runs from the moment `after` settles, when given (a request sent behind another).
   * An answer that `check` finds a problem with ends the worker as malformed.
   */
  invoke<T>(
    // PromiseLike: Comlink's Remote turns a union result into a union of promises.
    send: (api: SandboxMethods) => PromiseLike<T>,
    budgetMs: number,
    check: (value: unknown) => string | null,
    after?: Promise<unknown>,
  ): Promise<Settled<T>> {
    return new Promise((resolve) => {
      let settled = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const settle = (result: Settled<T>) => {
        settled = true;
        clearTimeout(timer);
        this.#waiting.delete(settle);
        resolve(result);
      };
      this.#waiting.add(settle);
      const budget = () => {
        if (!settled) timer = setTimeout(() => this.end({ kind: 'timeout' }), budgetMs);
      };
      if (after) void after.then(budget);
      else budget();
      send(this.#methods).then(
        (value) => {
          const problem = check(value);
          if (problem === null) settle({ kind: 'value', value });
          else this.end({ kind: 'malformed', problem });
        },
        // The worker API never throws, so this is the transport failing (a clone error, or user
        // code that broke the built-ins the worker's messaging relies on): replace the worker.
        (error: unknown) => {
          const message = `the sandbox call failed: ${messageOf(error)}`;
          this.end({ kind: 'exit', reason: { name: 'WorkerError', message } });
        },
      );
    });
  }

  /**
   * Lets go of the worker without stopping it, when it is running and nothing waits on it: the
   * port, for someone else to drive (it loads code anew, which resets what the code before it
   * changed). From then on this object is ended; `null` when the worker cannot be let go.
   */
  detach(): WorkerPort | null {
    if (this.#ended || this.#waiting.size > 0) return null;
    this.#ended = true;
    return this.#port;
  }

  /** Stops the worker for good and settles everything waiting on it with `end`. */
  end(end: End): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#port.terminate(); // also after an exit: a browser worker may outlive its error event
    this.#onEnd(this);
    for (const settle of [...this.#waiting]) settle(end);
  }
}
