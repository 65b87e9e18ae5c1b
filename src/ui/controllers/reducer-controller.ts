import { proxy, type Remote, transfer, wrap } from 'comlink';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ResolvedCode } from '../../core/code/refs.js';
import type { CompareRow } from '../../core/reduce/compare.js';
import type { ReplayEntry } from '../../core/replay/script.js';
import type { RunStatus } from '../../core/run/status.js';
import { Timeline } from '../../core/run/timeline.js';
import type { SessionConfig } from '../../core/session/config.js';
import { messageOf } from '../../core/text/error-text.js';
import type {
  CompareReply,
  CompareRequest,
  LiveReply,
  ReducerApi,
  RegressProgress,
  RegressReply,
  RegressRequest,
  ReplayReply,
  RunListener,
  RunReply,
  SessionSource,
  WorkerCount,
} from '../../protocol/reducer.js';
import { untilAnswered } from '../async/until-answered.js';
import type { PythonProgress } from '../python/python-files.js';
import { type PythonSource, SandboxFrame } from '../sandbox/sandbox-frame.js';

/** Whether the shown timeline comes from running code or from a recording. */
export type RunMode = 'live' | 'replay';

/**
 * The page's one guard against stale answers. Every navigation, run and replay begins a turn;
 * a turn stays current until the next one begins, and only the current turn may change what
 * the page shows.
 */
export interface Turn {
  readonly current: boolean;
}

/** Options of {@link ReducerController.replay}. */
export interface ReplayOptions {
  /** A script that replaces the one derived from the session (an overridden scenario). */
  script?: ReplayEntry[];
  /**
   * Show nothing until the replay has succeeded, and then only when `commit` is called: a file
   * that fails (or that the caller refuses) changes nothing.
   */
  atomic?: boolean;
  /** How much of a session file has been read (0..1). */
  onReading?: (fraction: number) => void;
}

/** An answer and, for an atomic replay, the way to show it. */
export interface Answer<R extends RunReply> {
  reply: R;
  /** Shows the answered timeline (already shown unless the replay was atomic). */
  commit: () => void;
}

/**
 * Owns the reducer worker and the timeline of the current run. The worker starts on first use
 * (never during the first paint) and the transcript streams into {@link timeline} as it arrives;
 * the listener's `end` closes each run or replay, after its last message.
 */
export class ReducerController implements ReactiveController {
  timeline = new Timeline();
  mode: RunMode | null = null;
  /** The answer of the last run or replay shown (null while one is going). */
  reply: RunReply | null = null;
  /** Where the live run under way is (told every quarter of a second), else null. */
  status: RunStatus | null = null;
  /** The Python runtime's download while it goes (the first Python run of a page), else null. */
  python: PythonProgress | null = null;
  readonly #host: ReactiveControllerHost;
  #worker: Worker | null = null;
  #api: Remote<ReducerApi> | null = null;
  #death: Promise<never> | null = null;
  #turn = 0;
  /** Runs and replays asked for and not yet ended (they run one after another). */
  #active = 0;
  #queue: Promise<unknown> = Promise.resolve();
  #frame: number | null = null;
  readonly #sandboxes = new SandboxFrame(
    () => import('virtual:sandbox-source').then((module) => module.default),
    () => this.#loadPython(),
  );

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
    host.addController(this);
  }

  /** The Python sandbox's code and runtime, downloaded with its progress shown. */
  async #loadPython(): Promise<PythonSource> {
    const { loadPythonSource } = await import('../python/python-files.js');
    try {
      return await loadPythonSource((progress) => {
        this.python = progress;
        this.#host.requestUpdate();
      });
    } finally {
      this.python = null;
      this.#host.requestUpdate();
    }
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    this.#sandboxes.reset();
    this.#worker?.terminate();
    this.#worker = null;
    this.#api = null;
  }

  /** Whether a run or replay is under way. */
  get running(): boolean {
    return this.#active > 0;
  }

  /** Begins a turn: what runs now is cancelled, and whatever it answers will be stale. */
  begin(): Turn {
    const turn = ++this.#turn;
    if (this.running) this.cancel();
    const self = this;
    return {
      get current() {
        return turn === self.#turn;
      },
    };
  }

  /**
   * Gets runs ready while the page is idle: the sandbox frame (it holds no worker and no code
   * until a run asks for them), and the reducer worker's own code compiled by a run on a pair of
   * its own, so that neither the first Run nor the next ones wait for them.
   */
  warm(): void {
    const idle = (globalThis as { requestIdleCallback?: (task: () => void) => void })
      .requestIdleCallback;
    (idle ?? ((task: () => void) => setTimeout(task, 1000)))(() => {
      this.#sandboxes.warm();
      void this.#remote()
        .warm()
        .catch(() => {});
    });
  }

  /** Checks the code without running it, and readies sandboxes for a run; returns its errors. */
  prepare(code: ResolvedCode) {
    return this.#remote().prepare(code);
  }

  /** Runs a session live, compared with `recording` when given; null when the turn is over. */
  async run(
    turn: Turn,
    config: SessionConfig,
    code: ResolvedCode,
    recording?: SessionSource,
  ): Promise<LiveReply | null> {
    const answer = await this.#go<LiveReply>(turn, 'live', false, (api, listener) =>
      api.run(config, code, listener, recording),
    );
    return answer?.reply ?? null;
  }

  /** Replays a recorded session: no code runs. Null when the turn is over before it ends. */
  replay(
    turn: Turn,
    session: SessionSource,
    options: ReplayOptions = {},
  ): Promise<Answer<ReplayReply> | null> {
    return this.#go<ReplayReply>(
      turn,
      'replay',
      options.atomic ?? false,
      (api, listener) => api.replay(session, listener, options.script),
      options.onReading,
    );
  }

  /** Shows an empty timeline: nothing has run for what is shown. */
  clear(turn: Turn): void {
    if (!turn.current) return;
    this.timeline = new Timeline();
    this.mode = 'replay';
    this.reply = null;
    this.#host.requestUpdate();
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
      this.#remote().regress(request, told),
    );
  }

  /** Several reducers on one failure in the reducer worker, telling each one's row as it comes. */
  compare(
    request: CompareRequest,
    progress: (rows: readonly CompareRow[]) => void,
  ): Promise<CompareReply> {
    return untilAnswered<readonly CompareRow[], CompareReply>(progress, (told) =>
      this.#remote().compare(request, told),
    );
  }

  /** Sandbox workers started and alive (zero when nothing ever ran live). */
  async workers(): Promise<WorkerCount> {
    return this.#api ? this.#api.workers() : { spawned: 0, alive: 0 };
  }

  /** Runs `send` once the run or replay before it has ended, streaming into a new timeline. */
  async #go<R extends RunReply>(
    turn: Turn,
    mode: RunMode,
    atomic: boolean,
    send: (api: Remote<ReducerApi>, listener: RunListener) => Promise<unknown>,
    onReading?: (fraction: number) => void,
  ): Promise<Answer<R> | null> {
    this.#active++;
    this.#host.requestUpdate();
    const previous = this.#queue;
    let done = () => {};
    this.#queue = new Promise<void>((resolve) => {
      done = resolve;
    });
    try {
      await previous;
      if (!turn.current) return null;
      const timeline = new Timeline();
      const show = (reply: R | null) => {
        this.timeline = timeline;
        this.mode = mode;
        this.reply = reply;
        this.#host.requestUpdate();
      };
      if (!atomic) show(null);
      const reply = await this.#call<R>(send, {
        messages: (batch) => {
          if (!turn.current) return;
          for (const message of batch) timeline.push(message);
          if (atomic) return;
          // The end is drawn at once: nothing comes after it to wait for.
          if (batch.at(-1)?.type === 'end') this.#renderNow();
          else this.#renderSoon();
        },
        shape: (shape) => {
          timeline.shape = shape;
        },
        reading: (fraction) => onReading?.(fraction),
        status: (status) => {
          if (!turn.current) return;
          this.status = status;
          this.#renderSoon();
        },
      });
      if (!turn.current) return null;
      if (!atomic) show(reply);
      return { reply, commit: () => turn.current && show(reply) };
    } finally {
      this.#active--;
      this.status = null;
      done();
      this.#host.requestUpdate();
    }
  }

  /** One call to the worker; resolves with the reply its listener's `end` brings. */
  #call<R extends RunReply>(
    send: (api: Remote<ReducerApi>, listener: RunListener) => Promise<unknown>,
    handlers: Omit<RunListener, 'end'>,
  ): Promise<R> {
    const failed = (error: unknown) =>
      ({ ok: false, failure: { kind: 'internal', message: messageOf(error) } }) as R;
    return new Promise<R>((resolve) => {
      const listener = proxy<RunListener>({ ...handlers, end: (reply) => resolve(reply as R) });
      // A reducer worker that dies would leave the call pending for ever.
      Promise.race([send(this.#remote(), listener), this.#death]).catch((error: unknown) =>
        resolve(failed(error)),
      );
    });
  }

  /**
   * Asks for one render per animation frame while messages stream in: a fast run sends dozens
   * in a few milliseconds, and rendering (and laying out) the page for each would slow it down.
   */
  #renderSoon(): void {
    if (this.#frame !== null) return;
    this.#frame = requestAnimationFrame(() => {
      this.#frame = null;
      this.#host.requestUpdate();
    });
  }

  /** Renders without waiting for the next frame (a render asked for meanwhile is dropped). */
  #renderNow(): void {
    if (this.#frame !== null) cancelAnimationFrame(this.#frame);
    this.#frame = null;
    this.#host.requestUpdate();
  }

  #remote(): Remote<ReducerApi> {
    if (!this.#api) {
      const worker = new Worker(new URL('../../../workers/reducer.worker.ts', import.meta.url), {
        type: 'module',
        name: 'deltalab-reducer',
      });
      this.#worker = worker;
      this.#api = wrap<ReducerApi>(worker);
      // The reducer worker starts its sandboxes through the page's sandbox frame, on a channel
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
