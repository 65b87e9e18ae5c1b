import type { Remote } from 'comlink';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ResolvedCode } from '../../core/code/refs.js';
import type { Shape } from '../../core/input/kinds.js';
import type { ReplayEntry } from '../../core/replay/script.js';
import type { RunStatus } from '../../core/run/status.js';
import { type Frame, type SearchProgress, Timeline } from '../../core/run/timeline.js';
import type { SessionConfig } from '../../core/session/config.js';
import type {
  LiveReply,
  ReducerApi,
  ReplayReply,
  RunListener,
  RunReply,
  SessionSource,
} from '../../protocol/reducer.js';
import type { ReducerWorker } from './reducer-worker.js';
import { type Turn, Turns } from './turns.js';

/** Whether the shown timeline comes from running code or from a recording. */
export type RunMode = 'live' | 'replay';

/** Options of {@link TimelineController.replay}. */
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
 * The timeline the page shows, and the runs and replays that feed it: one at a time, in the
 * order asked, each streaming its transcript into a timeline of its own that is shown as it
 * grows (at most one render a frame; the end at once). The listener's `end` closes each run or
 * replay, after its last message. Its turns guard the page against stale answers.
 */
export class TimelineController implements ReactiveController {
  #timeline = new Timeline();
  #mode: RunMode | null = null;
  #reply: RunReply | null = null;
  #status: RunStatus | null = null;
  readonly #host: ReactiveControllerHost;
  readonly #worker: ReducerWorker;
  readonly #turns = new Turns(() => {
    if (this.running) this.#worker.cancel();
  });
  /** Runs and replays asked for and not yet ended (they run one after another). */
  #active = 0;
  #queue: Promise<unknown> = Promise.resolve();
  #renderRequest: number | null = null;

  constructor(host: ReactiveControllerHost, worker: ReducerWorker) {
    this.#host = host;
    this.#worker = worker;
    host.addController(this);
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    this.#worker.dispose();
  }

  /** The timeline shown. */
  get timeline(): Timeline {
    return this.#timeline;
  }

  /** The frames shown. */
  get frames(): readonly Frame[] {
    return this.#timeline.frames;
  }

  /** How the inputs shown are cut into units. */
  get shape(): Shape {
    return this.#timeline.shape;
  }

  /** Where the search shown is. */
  get progress(): SearchProgress | null {
    return this.#timeline.progress;
  }

  /** Whether the run or replay shown has ended. */
  get ended(): boolean {
    return this.#timeline.ended;
  }

  /** Whether what is shown came from running code or from a recording (null: nothing yet). */
  get mode(): RunMode | null {
    return this.#mode;
  }

  /** The answer of the last run or replay shown (null while one is going). */
  get reply(): RunReply | null {
    return this.#reply;
  }

  /** Where the live run under way is (told every quarter of a second), else null. */
  get status(): RunStatus | null {
    return this.#status;
  }

  /** Whether a run or replay is under way. */
  get running(): boolean {
    return this.#active > 0;
  }

  /** Begins a turn: what runs now is cancelled, and whatever it answers will be stale. */
  begin(): Turn {
    return this.#turns.begin();
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
    this.#timeline = new Timeline();
    this.#mode = 'replay';
    this.#reply = null;
    this.#host.requestUpdate();
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
        this.#timeline = timeline;
        this.#mode = mode;
        this.#reply = reply;
        this.#host.requestUpdate();
      };
      if (!atomic) show(null);
      const reply = await this.#worker.call<R>(send, {
        messages: (batch) => {
          if (!turn.current) return;
          for (const message of batch) timeline.push(message);
          if (atomic) return;
          // The end is drawn at once: nothing comes after it to wait for.
          if (batch.at(-1)?.type === 'end') this.#renderNow();
          else this.#renderSoon();
        },
        shape: (shape) => timeline.cutInto(shape),
        reading: (fraction) => onReading?.(fraction),
        status: (status) => {
          if (!turn.current) return;
          this.#status = status;
          this.#renderSoon();
        },
      });
      if (!turn.current) return null;
      if (!atomic) show(reply);
      return { reply, commit: () => turn.current && show(reply) };
    } finally {
      this.#active--;
      this.#status = null;
      done();
      this.#host.requestUpdate();
    }
  }

  /**
   * Asks for one render per animation frame while messages stream in: a fast run sends dozens
   * in a few milliseconds, and rendering (and laying out) the page for each would slow it down.
   */
  #renderSoon(): void {
    if (this.#renderRequest !== null) return;
    this.#renderRequest = requestAnimationFrame(() => {
      this.#renderRequest = null;
      this.#host.requestUpdate();
    });
  }

  /** Renders without waiting for the next frame (a render asked for meanwhile is dropped). */
  #renderNow(): void {
    if (this.#renderRequest !== null) cancelAnimationFrame(this.#renderRequest);
    this.#renderRequest = null;
    this.#host.requestUpdate();
  }
}
