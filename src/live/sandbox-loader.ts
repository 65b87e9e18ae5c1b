import type { CompileError } from '../core/code/compile-error.js';
import { runtimeHome } from '../core/code/runtimes/registry.js';
import { messageOf } from '../core/text/error-text.js';
import type { CodeSpec, LoadResult, Spawn, WorkerPort } from '../protocol/sandbox.js';
import { disposedError } from './call-budget.js';
import { loadReplyProblem, SandboxReplyError } from './replies.js';
import { SandboxWorker, type Settled } from './sandbox-worker.js';
import type { Transpiled, Transpiler } from './transpile.js';

/** A worker with the code loaded, or why the code cannot run. */
export type Ready = { ok: true; live: SandboxWorker } | { ok: false; error: CompileError };

/** The budgets of starting a worker and loading code into it. */
export interface LoadBudgets {
  /** For a worker to start, before any code is sent to it. */
  startMs: number;
  /** For running the code's top level. */
  loadMs: number;
}

/**
 * A sandbox client's worker and its code: the worker started when first needed (under a budget
 * of its own: a cold start is not the code's time) and the code transpiled once and loaded into
 * it (under the load budget); another worker started, and the code loaded again, after one ends.
 * The first load's answer is kept: a code that does not load fails every call the same way.
 */
export class SandboxLoader {
  readonly #spawn: Spawn;
  readonly #transpile: Transpiler;
  readonly #budgets: LoadBudgets;
  #code: CodeSpec;
  #live: SandboxWorker | undefined;
  #firstLoad: LoadResult | undefined;
  #spec: Promise<Transpiled> | undefined;
  #disposed = false;
  #spawned = 0;
  #terminated = 0;

  constructor(spawn: Spawn, code: CodeSpec, transpile: Transpiler, budgets: LoadBudgets) {
    this.#spawn = spawn;
    this.#code = code;
    this.#transpile = transpile;
    this.#budgets = budgets;
  }

  /** The code loaded (or to be). */
  get code(): CodeSpec {
    return this.#code;
  }

  /** The worker running now, if one is. */
  get live(): SandboxWorker | undefined {
    return this.#live;
  }

  /** Whether the loader has been disposed of. */
  get disposed(): boolean {
    return this.#disposed;
  }

  /** Workers started so far. */
  get spawned(): number {
    return this.#spawned;
  }

  /** Workers ended so far (terminated by the client or died on their own). */
  get terminated(): number {
    return this.#terminated;
  }

  /** The code's first load answer, loading it if needed. */
  async firstLoad(): Promise<LoadResult> {
    await this.ready();
    const first = this.#firstLoad;
    if (!first) throw new Error('the sandbox recorded no load result');
    return first;
  }

  /**
   * Takes `source` in place of the code (same role and language). A JavaScript worker that is
   * running keeps running and evaluates the new code in a compartment of its own (the realm is
   * frozen, so the old code can have changed nothing the new one sees); a Python worker runs
   * the new code in a runtime of its own, started from a snapshot taken before any code ran
   * (see `workers/python/fresh-runtimes.ts`).
   */
  replace(source: string): void {
    this.#code = { ...this.#code, source };
    this.#spec = undefined;
    this.#firstLoad = undefined;
    this.#live?.markLoaded(false);
  }

  /**
   * Disposes of the loader, handing its worker over instead of ending it when the worker is
   * running, idle and has the code loaded (see {@link SandboxWorker.detach}); `null` otherwise,
   * the worker then ended as by {@link dispose}.
   */
  release(): WorkerPort | null {
    const live = this.#live;
    const port = live?.loaded ? live.detach() : null;
    if (port) {
      this.#live = undefined;
      this.#terminated += 1;
    }
    this.dispose();
    return port;
  }

  /** Ends the worker; whatever waits on it settles as disposed. */
  dispose(): void {
    this.#disposed = true;
    if (this.#live) this.#live.end({ kind: 'disposed' });
  }

  /** A worker with the code loaded, starting one if needed; or why the code cannot run. */
  async ready(): Promise<Ready> {
    if (this.#disposed) throw disposedError();
    if (this.#firstLoad && !this.#firstLoad.ok) return this.#firstLoad;
    if (this.#live?.loaded) return { ok: true, live: this.#live };
    const runtime = runtimeHome(this.#code.language);
    // Transpiled here, once: a syntax error needs no worker, and the workers need no compiler.
    // Code that is not transpiled (Python) is compiled by the sandbox, which places its errors.
    this.#spec ??= runtime.transpiled
      ? Promise.resolve(this.#transpile(this.#code))
      : Promise.resolve({
          ok: true,
          spec: { ...this.#code, code: this.#code.source, mappings: '' },
        });
    const transpiled = await this.#spec;
    if (this.#disposed) throw disposedError();
    if (!transpiled.ok) return this.#failed({ ok: false, error: transpiled.error });
    const spec = transpiled.spec;

    // A running worker whose code was replaced takes the new code as it is.
    let live = this.#live;
    let ping: Promise<Settled<true>> | undefined;
    const starting = !live;
    if (!live) {
      try {
        live = this.#start();
      } catch (error) {
        const why = `the sandbox worker could not start: ${messageOf(error)}`;
        return this.#failed(loadError('WorkerError', why));
      }
    }
    // The worker starts under a budget of its own; then the code's top level runs under the
    // load budget. A running worker that starts a fresh runtime for each code (Python's) does so
    // for the new code: under the start budget too.
    if (starting || runtime.freshRuntimes) {
      ping = live.invoke<true>(
        (api) => api.ping(),
        this.#budgets.startMs,
        (value) => (value === true ? null : 'a ping answers true'),
      );
    }
    const budget = this.#budgets.loadMs;
    const load = (after?: Promise<unknown>) =>
      live.invoke<LoadResult>((api) => api.load(spec), budget, loadReplyProblem, after);
    // JavaScript code is sent behind the ping, without waiting for its answer (the worker takes
    // messages in order), its budget running from the answer on. A fresh runtime's ping (Python's)
    // answers once it has started, and loading needs that runtime: its code waits for the answer.
    const behind = ping && !runtime.freshRuntimes ? load(ping) : undefined;
    const started: Settled<true> = ping ? await ping : { kind: 'value', value: true };
    const settled =
      started.kind === 'value'
        ? await (behind ?? load())
        : started.kind === 'timeout'
          ? ({
              kind: 'exit',
              reason: {
                name: 'WorkerError',
                message: `the sandbox worker did not start within ${this.#budgets.startMs} ms`,
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
      live.markLoaded(true);
      return { ok: true, live };
    }
    live.end({ kind: 'disposed' }); // a worker without usable code is of no use
    return result;
  }

  /** A failure to load that needs no worker: kept as the first load's answer. */
  #failed(failed: { ok: false; error: CompileError }): Ready {
    this.#firstLoad ??= failed;
    return failed;
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
}

/** A load failure that has no position in the source. */
function loadError(name: string, message: string): { ok: false; error: CompileError } {
  return { ok: false, error: { name, message, line: 1, column: 1 } };
}
