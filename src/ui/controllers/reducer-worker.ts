import { proxy, type Remote, transfer, wrap } from 'comlink';
import type { ResolvedCode } from '../../core/code/refs.js';
import { runtimeHome } from '../../core/code/runtimes/registry.js';
import type { CompareRow } from '../../core/reduce/compare-reducers.js';
import { messageOf } from '../../core/text/error-text.js';
import type {
  CompareReply,
  CompareRequest,
  ReducerApi,
  RegressProgress,
  RegressReply,
  RegressRequest,
  RunListener,
  RunReply,
  SandboxCount,
} from '../../protocol/reducer.js';
import { untilAnswered } from '../async/until-answered.js';
import { codeOf, type Workspace } from '../model/workspace.js';
import type { PythonProgress } from '../python/python-files.js';
import { SandboxIframe } from '../sandbox/sandbox-iframe.js';
import { sandboxSources } from '../sandbox/sandbox-sources.js';

/**
 * The reducer worker's life, as the page sees it: the worker started on first use (never during
 * the first paint) and started afresh after it dies, the sandbox iframe that starts its sandbox
 * workers, and the Python runtime's download while it goes. Every call to the worker goes
 * through here; what its answers mean for the page is the {@link TimelineController}'s.
 */
export class ReducerWorker {
  #worker: Worker | null = null;
  #api: Remote<ReducerApi> | null = null;
  #death: Promise<never> | null = null;
  #python: PythonProgress | null = null;
  /** The workspace last shown, and the Python code (as JSON) whose runtime was last started. */
  #shown: Workspace | null = null;
  #readied: string | null = null;
  readonly #changed: () => void;
  readonly #sandboxes = new SandboxIframe(
    sandboxSources((progress) => {
      this.#python = progress;
      this.#changed();
    }),
  );

  /** `changed` is told when something the page shows of the worker changes (the download). */
  constructor(changed: () => void) {
    this.#changed = changed;
  }

  /** The Python runtime's download while it goes (the first Python run of a page), else null. */
  get python(): PythonProgress | null {
    return this.#python;
  }

  /**
   * Gets runs ready while the page is idle: the sandbox iframe (it holds no worker and no code
   * until a run asks for them), and the reducer worker's own code compiled by a run on a pair of
   * its own, so that neither the first Run nor the next ones wait for them.
   */
  warm(): void {
    const idle = (globalThis as { requestIdleCallback?: (task: () => void) => void })
      .requestIdleCallback;
    (idle ?? ((task: () => void) => setTimeout(task, 1000)))(() => {
      this.#sandboxes.warm();
      void this.remote()
        .warm()
        .catch(() => {});
    });
  }

  /** Checks the code without running it, and readies sandboxes for a run; returns its errors. */
  prepare(code: ResolvedCode) {
    return this.remote().prepare(code);
  }

  /**
   * Starts a runtime that is slow to start (Python's) while the user reads, once code in it is
   * shown (a lesson in Python, or Python picked): spares with no code in them, so that the first
   * Run does not wait seconds for it. Once per code shown, when the page is idle; JavaScript
   * needs no such start.
   */
  readyPython(workspace: Workspace): void {
    if (workspace === this.#shown) return;
    this.#shown = workspace;
    if (runtimeHome(workspace.language).startMs === undefined) return;
    const code = codeOf(workspace);
    const key = JSON.stringify(code);
    if (key === this.#readied) return;
    this.#readied = key;
    const idle = (globalThis as { requestIdleCallback?: (task: () => void) => void })
      .requestIdleCallback;
    (idle ?? ((task: () => void) => setTimeout(task, 200)))(() => {
      if (this.#readied === key) void this.prepare(code).catch(() => {});
    });
  }

  /** Stops the run in progress (a hanging call is cut short). */
  cancel(): void {
    void this.#api?.cancel();
  }

  /** The article's "fix and regress" in the reducer worker, telling its progress as it goes. */
  regress(
    request: RegressRequest,
    progress: (progress: RegressProgress) => void,
  ): Promise<RegressReply> {
    return untilAnswered<RegressProgress, RegressReply>(progress, (told) =>
      this.remote().regress(request, told),
    );
  }

  /** Several reducers on one failure in the reducer worker, telling each one's row as it comes. */
  compare(
    request: CompareRequest,
    progress: (rows: readonly CompareRow[]) => void,
  ): Promise<CompareReply> {
    return untilAnswered<readonly CompareRow[], CompareReply>(progress, (told) =>
      this.remote().compare(request, told),
    );
  }

  /** Sandbox workers started and alive (zero when nothing ever ran live). */
  async workers(): Promise<SandboxCount> {
    return this.#api ? this.#api.workers() : { spawned: 0, alive: 0 };
  }

  /**
   * One run or replay in the worker: resolves with the reply its listener's `end` brings, or
   * with an internal failure when the worker dies first (the call would wait for ever).
   */
  call<R extends RunReply>(
    send: (api: Remote<ReducerApi>, listener: RunListener) => Promise<unknown>,
    handlers: Omit<RunListener, 'end'>,
  ): Promise<R> {
    const failed = (error: unknown) =>
      ({ ok: false, failure: { kind: 'internal', message: messageOf(error) } }) as R;
    return new Promise<R>((resolve) => {
      const listener = proxy<RunListener>({ ...handlers, end: (reply) => resolve(reply as R) });
      Promise.race([send(this.remote(), listener), this.#death]).catch((error: unknown) =>
        resolve(failed(error)),
      );
    });
  }

  /** Ends the worker and the sandbox iframe (the page is going). */
  dispose(): void {
    this.#sandboxes.reset();
    this.#worker?.terminate();
    this.#worker = null;
    this.#api = null;
  }

  /** The worker's API, the worker started when first asked for. */
  remote(): Remote<ReducerApi> {
    if (!this.#api) {
      const worker = new Worker(new URL('../../../workers/reducer.worker.ts', import.meta.url), {
        type: 'module',
        name: 'deltalab-reducer',
      });
      this.#worker = worker;
      this.#api = wrap<ReducerApi>(worker);
      // The reducer worker starts its sandboxes through the page's sandbox iframe, on a channel
      // of their own.
      const channel = new MessageChannel();
      this.#sandboxes.serve(channel.port1);
      void this.#api.connectSandboxes(transfer(channel.port2, [channel.port2]));
      this.#death = new Promise<never>((_, reject) => {
        worker.addEventListener('error', (event) => {
          event.preventDefault();
          // Start afresh next time; this worker is of no more use.
          worker.terminate();
          if (this.#worker === worker) {
            this.#worker = null;
            this.#api = null;
          }
          reject(new Error(`the reducer worker stopped: ${event.message || 'out of memory?'}`));
        });
      });
      this.#death.catch(() => {});
    }
    return this.#api;
  }
}
