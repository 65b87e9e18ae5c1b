import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { RoleError } from '../../core/code/compile-error.js';
import { LIMITS } from '../../core/limits.js';
import type { Comparison } from '../../core/replay/compare-recording.js';
import type { ReplayReply, SessionSource } from '../../protocol/reducer.js';
import { Debounced } from '../async/debounce.js';
import { locale, t } from '../i18n/i18n.js';
import { failureText } from '../model/failure-text.js';
import { codeText } from '../model/lessons.js';
import {
  codeOf,
  configOf,
  type Workspace,
  workspaceOfConfig,
  workspaceProblems,
} from '../model/workspace.js';
import { workspaceKey } from '../model/workspace-key.js';
import type { NoticeController } from './notice-controller.js';
import type { PlayerController } from './player-controller.js';
import type { ReducerWorker } from './reducer-worker.js';
import type { ReplayOptions, TimelineController } from './timeline-controller.js';
import type { Turn } from './turns.js';

/**
 * How long a recording may take to arrive before the stage stops showing the steps shown before
 * it (a lesson's recording is a chunk of its own, usually there in a few milliseconds).
 */
const LOADING_MS = 150;

/** Options of {@link RunController.replay}: the timeline's, and whether to say why it failed. */
export interface ShowReplayOptions extends ReplayOptions {
  /** Say in the banner why a replay failed (default on). */
  report?: boolean;
}

/**
 * What ran and how it compares: the workspace the timeline was made from, the recording being
 * replayed, a live run's comparison with it, and the code's compile errors (checked in the
 * background while the user types, so Run starts warm).
 */
export class RunController implements ReactiveController {
  #errors: RoleError[] = [];
  #ran: Workspace | null = null;
  #recording: SessionSource | null = null;
  #comparison: Comparison | null = null;
  readonly #host: ReactiveControllerHost;
  readonly #timeline: TimelineController;
  readonly #worker: ReducerWorker;
  readonly #player: PlayerController;
  readonly #notices: NoticeController;
  readonly #check = new Debounced(500);
  /** A per-call budget beyond the safe one that the user has agreed to. */
  #confirmedCallMs: number | null = null;
  /** The replay being shown while it goes (not an atomic one): a Run pressed meanwhile waits. */
  #replaying: Promise<unknown> | null = null;
  /** The turn whose recording is still being fetched (a lesson just opened), if any. */
  #awaiting: Turn | null = null;

  constructor(
    host: ReactiveControllerHost,
    parts: { timeline: TimelineController; worker: ReducerWorker },
    player: PlayerController,
    notices: NoticeController,
  ) {
    this.#host = host;
    this.#timeline = parts.timeline;
    this.#worker = parts.worker;
    this.#player = player;
    this.#notices = notices;
    host.addController(this);
  }

  hostConnected(): void {}

  /** Compile and load errors of the last check or run, for the editors' markers. */
  get errors(): readonly RoleError[] {
    return this.#errors;
  }

  /** The workspace the timeline was made from (exports describe the run, not later edits). */
  get ran(): Workspace | null {
    return this.#ran;
  }

  /** How the last live run compared with the recording it repeated, if it was compared. */
  get comparison(): Comparison | null {
    return this.#comparison;
  }

  /** Whether the timeline was made from other code or settings than `workspace`. */
  stale(workspace: Workspace): boolean {
    return this.#ran !== null && workspaceKey(this.#ran) !== workspaceKey(workspace);
  }

  /** Shows that nothing has run for what is shown yet. */
  clear(turn: Turn): void {
    if (!turn.current) return;
    this.#timeline.clear(turn);
    this.#errors = [];
    this.#ran = null;
    this.#recording = null;
    this.#comparison = null;
  }

  /**
   * Replays a session (no code runs) from its first step. Its own header says what it was made
   * from: when that is not what is shown (a link may carry both), it is marked as out of date.
   */
  replay(
    turn: Turn,
    source: SessionSource | Promise<SessionSource>,
    options: ShowReplayOptions = {},
  ): Promise<{ reply: ReplayReply; commit: () => void } | null> {
    const replaying = this.#replay(turn, source, options);
    if (options.atomic) return replaying;
    const settled = replaying.catch(() => null);
    this.#replaying = settled;
    void settled.then(() => {
      if (this.#replaying === settled) this.#replaying = null;
    });
    return replaying;
  }

  async #replay(
    turn: Turn,
    pending: SessionSource | Promise<SessionSource>,
    options: ShowReplayOptions,
  ): Promise<{ reply: ReplayReply; commit: () => void } | null> {
    const source = await this.#fetched(turn, pending);
    if (!turn.current) return null;
    const answer = await this.#timeline.replay(turn, source, options);
    if (!answer) return null;
    const { reply } = answer;
    const commit = () => {
      answer.commit();
      this.#player.reset();
      this.#errors = [];
      this.#comparison = null;
      this.#recording = reply.ok ? source : null;
      const made = reply.ok ? workspaceOfConfig(reply.config, codeText) : null;
      this.#ran = made?.ok ? made.workspace : null;
      this.#host.requestUpdate();
    };
    if (!options.atomic) commit();
    if (!reply.ok && 'failure' in reply && !options.atomic && options.report !== false) {
      this.#notices.show({ kind: 'error', text: failureText(reply.failure) });
    }
    return { reply, commit };
  }

  /**
   * Waits for a recording still being fetched (a lesson's, just opened). Meanwhile the steps
   * shown before stay on the stage, so that a quick fetch does not flash an empty one, but they
   * are no longer the page's to step through (see {@link awaiting}); a fetch that takes longer
   * than {@link LOADING_MS} clears the stage, which then says the recording is loading.
   */
  async #fetched(
    turn: Turn,
    pending: SessionSource | Promise<SessionSource>,
  ): Promise<SessionSource> {
    if (!(pending instanceof Promise)) return pending;
    this.#awaiting = turn;
    const slow = setTimeout(() => {
      if (this.#awaiting === turn) this.clear(turn);
      this.#host.requestUpdate();
    }, LOADING_MS);
    try {
      return await pending;
    } finally {
      clearTimeout(slow);
      if (this.#awaiting === turn) this.#awaiting = null;
      this.#host.requestUpdate();
    }
  }

  /**
   * Whether the recording of what is shown is still being fetched: the stage holds no steps of
   * it yet, and stepping (the player's keys and buttons) waits for them.
   */
  get awaiting(): boolean {
    return this.#awaiting?.current === true;
  }

  /**
   * Runs the workspace shown (`shown` reads it) live; plays it unless `pause` (Find failure stops
   * at the input found).
   */
  async run(shown: () => Workspace, pause = false): Promise<void> {
    // A Run pressed while a recording is being shown (a lesson just opened) runs once it is in,
    // compared with it; during a live run the button is Cancel, and a Run key does nothing.
    if (this.#replaying) await this.#replaying;
    if (this.#timeline.running) return;
    const workspace = shown();
    this.#check.cancel(); // a compile check still waiting would start workers the run does not need
    const problems = workspaceProblems(workspace, locale());
    if (problems.length > 0) {
      this.#notices.show({
        kind: 'error',
        text: t('run.problems', { problems: problems.join('; ') }),
      });
      return;
    }
    if (workspace.callMs > LIMITS.safeCallMs && workspace.callMs !== this.#confirmedCallMs) {
      // A link or a file may ask for any budget; a long one holds a runaway call that long.
      const seconds = Math.round(workspace.callMs / 100) / 10;
      this.#notices.show({
        kind: 'warn',
        text: t('run.longBudget', { seconds, safe: LIMITS.safeCallMs / 1000 }),
        actions: [{ label: t('run.longBudgetConfirm', { seconds }), event: 'dl-confirm-budget' }],
      });
      return;
    }
    // Compare with the recording only when it was made from exactly this code and these settings.
    const replayed =
      this.#timeline.mode === 'replay' && this.#ran !== null && !this.stale(workspace);
    const recording = replayed ? this.#recording : null;
    const turn = this.#timeline.begin();
    this.#errors = [];
    this.#comparison = null;
    this.#ran = workspace;
    this.#player.reset();
    const running = this.#timeline.run(
      turn,
      configOf(workspace),
      codeOf(workspace),
      recording ?? undefined,
    );
    // Play once the run counts as under way: the timeline shown until its first message may be
    // one that has ended, and playing that would stop at once.
    if (!pause) this.#player.play();
    const reply = await running;
    if (!reply) return; // a lesson opened or a file imported meanwhile has taken over
    if (!reply.ok && 'errors' in reply) {
      this.#errors = reply.errors;
      this.#player.pause();
    }
    if (!reply.ok && 'failure' in reply) {
      this.#notices.show({ kind: 'error', text: failureText(reply.failure) });
    }
    if (reply.ok) {
      this.#comparison = reply.comparison ?? null;
      this.#recording = null;
    }
    this.#host.requestUpdate();
  }

  /** Gets sandboxes ready for a run of `workspace` (spares, no code in them). */
  warm(workspace: Workspace): void {
    if (this.#timeline.running) return;
    void this.#worker.prepare(codeOf(workspace)).catch(() => {});
  }

  /** Runs the workspace with its long per-call budget, which the user has now agreed to. */
  async runWithBudget(workspace: Workspace): Promise<void> {
    this.#confirmedCallMs = workspace.callMs;
    this.#notices.dismiss();
    await this.run(() => workspace);
  }

  /**
   * Checks edited code in the background, so errors show while typing and Run starts warm.
   * `workspace` reads the workspace as it is when the check starts.
   */
  checkSoon(workspace: () => Workspace): void {
    this.#check.schedule(async () => {
      const checked = workspace();
      // A check overtaken by a newer one (or by a run) is aborted: its answer is of no use.
      const errors = await this.#worker.prepare(codeOf(checked)).catch(() => null);
      if (errors && checked === workspace()) {
        this.#errors = errors;
        this.#host.requestUpdate();
      }
    });
  }

  /** The session shown, as JSONL: the recording being replayed, or the last live run's. */
  async sessionText(): Promise<string | null> {
    const { reply, mode } = this.#timeline;
    if (mode === 'replay') {
      const recording = this.#recording;
      return typeof recording === 'string' ? recording : ((await recording?.text()) ?? null);
    }
    return reply?.ok && 'session' in reply ? reply.session : null;
  }

  /**
   * Whether a recording is on its way to the screen (a lesson's session still being fetched or
   * replayed): until it is, the timeline shown is the one before.
   */
  get replaying(): boolean {
    return this.#replaying !== null;
  }

  /** Whether there is a session to export or share. */
  get hasSession(): boolean {
    const { reply, mode } = this.#timeline;
    return mode === 'replay' ? this.#recording !== null : !!reply?.ok;
  }
}
