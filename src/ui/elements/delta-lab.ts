import { html, LitElement, nothing } from 'lit';
import { customElement, query, state } from 'lit/decorators.js';
import type { RoleError, RunReply } from '../../../workers/protocol.js';
import { type Comparison, compareSessions } from '../../core/replay/compare.js';
import { readSession } from '../../core/session/reader.js';
import { PlayerController } from '../controllers/player-controller.js';
import { ReducerController } from '../controllers/reducer-controller.js';
import { LocaleController, t } from '../i18n/i18n.js';
import { countersAt, type Frame } from '../model/frames.js';
import { DEFAULT_LESSON, findLesson, LESSONS, type Lesson } from '../model/lessons.js';
import { narrate } from '../model/narrate.js';
import { codeOf, configOf, type Workspace, workspaceOf } from '../model/workspace.js';
import type { RoleMarker } from './dl-editor-pane.js';
import type { DlLessonGallery } from './dl-lesson-gallery.js';
import type { PlayerAction } from './dl-reduce-controls.js';
import './dl-cells.js';
import './dl-counters.js';
import './dl-editor-pane.js';
import './dl-export-panel.js';
import './dl-find-panel.js';
import './dl-history-table.js';
import './dl-language-switch.js';
import './dl-length-plot.js';
import './dl-lesson-gallery.js';
import './dl-lesson-text.js';
import './dl-reduce-controls.js';
import './dl-verify-card.js';

/** The identity of what a run ran: when it differs from the workspace, the run is stale. */
const runKey = (workspace: Workspace) => JSON.stringify([configOf(workspace), codeOf(workspace)]);

/**
 * The playground. Holds the workspace (code and settings), runs sessions live or replays
 * recorded ones through the reducer worker, and lays out the editors and the reduction.
 * Light DOM: the editors inside must be reachable by Monaco's styles.
 */
@customElement('delta-lab')
export class DeltaLab extends LitElement {
  @state() private _workspace: Workspace = workspaceOf(
    findLesson(DEFAULT_LESSON) ?? (LESSONS[0] as Lesson),
  );
  @state() private _errors: RoleError[] = [];
  @state() private _ranKey: string | null = null;
  /** The session being replayed, to compare a live run with. */
  @state() private _recording: string | null = null;
  @state() private _comparison: Comparison | null = null;
  @query('dl-lesson-gallery') private _gallery!: DlLessonGallery;

  readonly reducer = new ReducerController(this);
  readonly player = new PlayerController(
    this,
    () => this.reducer.timeline.frames.length,
    () => this.reducer.timeline.ended && !this.reducer.running,
  );
  protected readonly localeController = new LocaleController(this);
  #prepareTimer: ReturnType<typeof setTimeout> | null = null;

  protected override createRenderRoot() {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('keydown', this.#onKey);
    void this.openLesson(this._workspace.lesson);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('keydown', this.#onKey);
  }

  /** Opens a lesson with its own code and settings, and replays its recorded session. */
  async openLesson(name: string): Promise<void> {
    const lesson = findLesson(name) ?? findLesson(DEFAULT_LESSON);
    if (!lesson) return;
    this._workspace = workspaceOf(lesson);
    this._errors = [];
    await this.replay(await lesson.session());
  }

  /** Replays a recorded session (no code runs) and shows its first step. */
  async replay(text: string): Promise<RunReply> {
    this.player.reset();
    this._comparison = null;
    this._recording = text;
    this._ranKey = runKey(this._workspace);
    return this.reducer.replay(text);
  }

  /** Runs the workspace live; plays it unless `pause` (Find failure stops at the input found). */
  async run(pause = false): Promise<void> {
    if (this.reducer.running) return;
    const workspace = this._workspace;
    const recording = this.reducer.mode === 'replay' ? this._recording : null;
    this._errors = [];
    this._comparison = null;
    this._ranKey = runKey(workspace);
    this.player.reset();
    if (!pause) this.player.play();
    const reply = await this.reducer.run(configOf(workspace), codeOf(workspace));
    if (!reply.ok && 'errors' in reply) {
      this._errors = reply.errors;
      this.player.pause();
    }
    if (reply.ok && recording) {
      this._comparison = compareSessions(readSession(recording), readSession(reply.session));
    }
  }

  override render() {
    const { timeline, running, mode } = this.reducer;
    const frames = timeline.frames;
    const cursor = Math.min(this.player.cursor, Math.max(0, frames.length - 1));
    const frame: Frame | undefined = frames[cursor];
    const lesson = findLesson(this._workspace.lesson);
    const found = frames.find((f): f is Extract<Frame, { kind: 'found' }> => f.kind === 'found');
    const done =
      frames.at(-1)?.kind === 'done'
        ? (frames.at(-1) as Extract<Frame, { kind: 'done' }>)
        : undefined;
    const stale = this._ranKey !== null && this._ranKey !== runKey(this._workspace);
    const reply = this.reducer.reply;
    return html`
      <a class="skip-link" href="#stage">${t('app.skip')}</a>
      <header class="app-header">
        <h1><span aria-hidden="true">Δ</span> ${t('app.title')}</h1>
        <p class="tagline">${t('app.tagline')}</p>
        <nav class="app-nav" aria-label=${t('lessons.label')}>
          <button class="nav-button" @click=${() => this._gallery.show()}>${t('lessons.open')}</button>
          <dl-language-switch></dl-language-switch>
        </nav>
      </header>
      <main class="app-main">
        <div class="col-code">
          <dl-lesson-text .lesson=${lesson} ?pristine=${this.#pristine(lesson)} @dl-lesson-reset=${() => this.openLesson(this._workspace.lesson)}></dl-lesson-text>
          <dl-editor-pane .workspace=${this._workspace} .markers=${this.#markers(frame)} @dl-workspace=${this.#onWorkspace} @dl-run=${() => this.run()}></dl-editor-pane>
        </div>
        <div class="col-run">
          <dl-find-panel .workspace=${this._workspace} .progress=${timeline.progress} .found=${found} ?running=${running}
            @dl-workspace=${this.#onWorkspace} @dl-find=${() => this.run(true)}></dl-find-panel>
          <dl-reduce-controls .workspace=${this._workspace} ?running=${running} ?playing=${this.player.playing}
            ?replay=${mode === 'replay'} .cursor=${cursor} .frames=${frames.length} .speed=${this.player.speed}
            @dl-workspace=${this.#onWorkspace} @dl-run=${() => this.run()} @dl-cancel=${() => this.reducer.cancel()}
            @dl-player=${(e: CustomEvent<PlayerAction>) => this.player[e.detail]()}
            @dl-seek=${(e: CustomEvent<number>) => this.player.seek(e.detail)}
            @dl-speed=${(e: CustomEvent<number>) => this.#setSpeed(e.detail)}></dl-reduce-controls>
          <section id="stage" class="stage" tabindex="0" aria-label=${t('reduce.timeline')} @keydown=${this.#onStageKey}>
            <div class="stage-head">
              ${mode === 'replay' ? html`<span class="replay-badge">${t('replay.badge')}</span>` : nothing}
              ${mode === 'live' ? html`<span class="live-badge">${t('replay.live')}</span>` : nothing}
              ${running ? html`<span class="running" role="status">${this.#progressText()}</span>` : nothing}
              ${this.#comparisonNote()}
            </div>
            ${stale ? html`<p class="stale">${t('reduce.stale')}</p>` : nothing}
            <dl-cells .frame=${frame}></dl-cells>
            <p class="narration" aria-live="polite">${this.#status(frame, reply)}</p>
            <dl-counters .counters=${countersAt(frame)} .verifyExecutions=${frame?.kind === 'done' ? frame.end.verifyExecutions : null}></dl-counters>
          </section>
          <div class="two-up">
            <dl-length-plot .frames=${frames} .cursor=${cursor}></dl-length-plot>
            <dl-verify-card .verification=${frame?.kind === 'done' ? frame.verification : null} ?deletionOnly=${done?.end.deletionOnly !== false}></dl-verify-card>
          </div>
          <dl-history-table .frames=${frames} .cursor=${cursor} @dl-seek=${(e: CustomEvent<number>) => this.player.seek(e.detail)}></dl-history-table>
          <dl-export-panel .workspace=${this._workspace} .summary=${reply?.ok ? reply.summary : null}></dl-export-panel>
        </div>
      </main>
      <dl-lesson-gallery .current=${this._workspace.lesson} @dl-lesson=${(e: CustomEvent<string>) => this.openLesson(e.detail)}></dl-lesson-gallery>
    `;
  }

  protected override updated(): void {
    this.player.framesChanged();
  }

  #status(frame: Frame | undefined, reply: RunReply | null): string {
    if (reply && !reply.ok) {
      if ('errors' in reply) return t('status.compileError');
      return reply.failure.kind === 'internal'
        ? t('status.internal', { message: reply.failure.message })
        : reply.failure.message;
    }
    if (!frame && this.reducer.running) return t('reduce.running');
    return narrate(frame);
  }

  #progressText(): string {
    const { frames } = this.reducer.timeline;
    if (!frames.some((frame) => frame.kind === 'start')) return t('reduce.running');
    return t('reduce.waiting', {
      trial: frames.filter((frame) => frame.kind === 'trial').length + 1,
    });
  }

  #comparisonNote() {
    const comparison = this._comparison;
    if (!comparison) return nothing;
    if (comparison.match)
      return html`<span class="match">${t('replay.matches', { calls: comparison.calls })}</span>`;
    return html`<span class="diverged" role="alert">${t('replay.diverges', { call: comparison.call, line: comparison.line ?? '?' })}</span>`;
  }

  #markers(frame: Frame | undefined): RoleMarker[] {
    if (this._errors.length > 0) {
      return this._errors.map(({ role, line, column, message, name }) => ({
        role,
        line,
        column,
        message: `${name}: ${message}`,
      }));
    }
    const error =
      frame?.kind === 'trial' || frame?.kind === 'start' || frame?.kind === 'found'
        ? frame.verdict.error
        : undefined;
    if (error?.role && error.line !== undefined) {
      return [
        {
          role: error.role,
          line: error.line,
          column: error.column ?? 1,
          message: `${error.name}: ${error.message}`,
        },
      ];
    }
    return [];
  }

  #pristine(lesson: Lesson | undefined): boolean {
    return !!lesson && runKey(workspaceOf(lesson)) === runKey(this._workspace);
  }

  #setSpeed(speed: number) {
    this.player.speed = speed;
    if (this.player.playing) this.player.play();
    this.requestUpdate();
  }

  readonly #onWorkspace = (event: CustomEvent<Partial<Workspace>>) => {
    const patch = event.detail;
    this._workspace = { ...this._workspace, ...patch };
    const codeChanged = ['candidate', 'reference', 'outcome', 'language', 'mode', 'callMs'].some(
      (key) => key in patch,
    );
    if (codeChanged) this.#schedulePrepare();
  };

  /** Compiles edited code in the background, so errors show while typing and Run starts warm. */
  #schedulePrepare() {
    if (this.#prepareTimer !== null) clearTimeout(this.#prepareTimer);
    this.#prepareTimer = setTimeout(async () => {
      this.#prepareTimer = null;
      const workspace = this._workspace;
      const errors = await this.reducer.prepare(codeOf(workspace), workspace.callMs);
      if (workspace === this._workspace) this._errors = errors;
    }, 500);
  }

  readonly #onKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.defaultPrevented) {
      event.preventDefault();
      void this.run();
    }
  };

  readonly #onStageKey = (event: KeyboardEvent) => {
    const actions: Record<string, () => void> = {
      ArrowRight: () => this.player.step(),
      ArrowLeft: () => this.player.back(),
      Home: () => this.player.reset(),
      End: () => this.player.seek(this.player.last),
      ' ': () => (this.player.playing ? this.player.pause() : this.player.play()),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'delta-lab': DeltaLab;
  }
}
