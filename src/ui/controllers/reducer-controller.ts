import { proxy, type Remote, wrap } from 'comlink';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ReducerApi, RunReply, WorkerCount } from '../../../workers/protocol.js';
import type { ResolvedCode } from '../../core/code/refs.js';
import type { ReplayEntry } from '../../core/replay/script.js';
import { Timeline } from '../../core/run/timeline.js';
import type { TranscriptMessage } from '../../core/run/transcript.js';
import type { SessionConfig } from '../../core/session/config.js';

/** Whether the shown timeline comes from running code or from a recording. */
export type RunMode = 'live' | 'replay';

/** Starts one run or replay on the reducer worker, streaming its transcript to `listener`. */
type Send = (
  api: Remote<ReducerApi>,
  listener: { message(m: TranscriptMessage): void },
) => Promise<RunReply>;

/**
 * Owns the reducer worker and the timeline of the current run. The worker starts on first use
 * (never during the first paint) and the transcript streams into {@link timeline} as it arrives.
 */
export class ReducerController implements ReactiveController {
  timeline = new Timeline();
  mode: RunMode | null = null;
  running = false;
  /** The answer of the last run or replay (null while one is going). */
  reply: RunReply | null = null;
  readonly #host: ReactiveControllerHost;
  #worker: Worker | null = null;
  #api: Remote<ReducerApi> | null = null;
  #generation = 0;
  #frame: number | null = null;
  #pending: Promise<RunReply> | null = null;
  #latest: RunReply | null = null;
  #death: Promise<never> | null = null;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    this.#worker?.terminate();
    this.#worker = null;
    this.#api = null;
  }

  /** Compiles the code ahead of a run (warming fresh sandbox workers); returns its errors. */
  prepare(code: ResolvedCode, callMs: number) {
    return this.#remote().prepare(code, callMs);
  }

  /** Runs a session live, compared with `recording` when given. */
  run(config: SessionConfig, code: ResolvedCode, recording?: string): Promise<RunReply> {
    return this.#start('live', (api, listener) => api.run(config, code, listener, recording));
  }

  /**
   * Replays a recorded session: no code runs. With `atomic`, the timeline shown is replaced only
   * when the whole replay succeeds (an import that fails changes nothing).
   */
  replay(
    session: string,
    options: { script?: ReplayEntry[]; atomic?: boolean } = {},
  ): Promise<RunReply> {
    return this.#start(
      'replay',
      (api, listener) => api.replay(session, listener, options.script),
      options.atomic,
    );
  }

  /** Shows a finished transcript without running anything (e.g. from a link). */
  show(mode: RunMode, messages: readonly TranscriptMessage[], reply: RunReply | null): void {
    this.#generation++;
    this.timeline = Timeline.of(messages);
    this.mode = mode;
    this.running = false;
    this.reply = reply;
    this.#host.requestUpdate();
  }

  /** Stops the run in progress (a hanging call is cut short). */
  cancel(): void {
    void this.#api?.cancel();
  }

  /** Cancels the run in progress, if any, and waits until it has ended. */
  async stop(): Promise<void> {
    const pending = this.#pending;
    if (!pending) return;
    this.cancel();
    await pending;
  }

  /** Whether `reply` answers the newest run or replay (an older one's reply is stale). */
  isCurrent(reply: RunReply): boolean {
    return this.#latest === reply;
  }

  /** Sandbox workers started and alive (zero when nothing ever ran live). */
  async workers(): Promise<WorkerCount> {
    return this.#api ? this.#api.workers() : { spawned: 0, alive: 0 };
  }

  #start(mode: RunMode, send: Send, atomic = false): Promise<RunReply> {
    const pending = this.#go(mode, send, atomic);
    this.#pending = pending;
    void pending.then(() => {
      if (this.#pending === pending) this.#pending = null;
    });
    return pending;
  }

  async #go(mode: RunMode, send: Send, atomic = false): Promise<RunReply> {
    const generation = ++this.#generation;
    const timeline = new Timeline();
    const commit = (reply: RunReply) => {
      if (generation !== this.#generation) return;
      if (!atomic || reply.ok) {
        this.timeline = timeline;
        this.mode = mode;
        this.reply = reply;
      }
      this.running = false;
      this.#host.requestUpdate();
    };
    if (!atomic) {
      this.timeline = timeline;
      this.mode = mode;
      this.reply = null;
    }
    this.running = true;
    this.#host.requestUpdate();
    let received = 0;
    let allArrived: (() => void) | null = null;
    let expected = Number.POSITIVE_INFINITY;
    const listener = proxy({
      message: (message: TranscriptMessage) => {
        received++;
        if (received >= expected) allArrived?.();
        if (generation !== this.#generation) return;
        timeline.push(message);
        if (!atomic) this.#renderSoon();
      },
    });
    let reply: RunReply;
    try {
      const api = this.#remote();
      // A reducer worker that dies would leave Comlink's call pending for ever.
      reply = await Promise.race([send(api, listener), this.#death as Promise<never>]);
      // The transcript comes on its own channel and may still be on its way: wait for all of it
      // (or, should the worker die meanwhile, give up after a while).
      expected = reply.messages ?? 0;
      if (received < expected) {
        await new Promise<void>((resolve) => {
          allArrived = resolve;
          setTimeout(resolve, 5000);
        });
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      reply = { ok: false, failure: { kind: 'internal', message } };
    }
    if (generation === this.#generation) this.#latest = reply;
    commit(reply);
    return reply;
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

  #remote(): Remote<ReducerApi> {
    if (!this.#api) {
      this.#worker = new Worker(new URL('../../../workers/reducer.worker.ts', import.meta.url), {
        type: 'module',
        name: 'deltalab-reducer',
      });
      this.#api = wrap<ReducerApi>(this.#worker);
      const worker = this.#worker;
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
