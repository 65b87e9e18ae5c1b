import { html, LitElement, nothing } from 'lit';
import { customElement, query } from 'lit/decorators.js';
import type { RunReply } from '../../../workers/protocol.js';
import { countersAt, type Frame } from '../../core/run/timeline.js';
import { PlayerController } from '../controllers/player-controller.js';
import { PlaygroundController, workspaceKey } from '../controllers/playground-controller.js';
import { ReducerController } from '../controllers/reducer-controller.js';
import { LocaleController, locale, t } from '../i18n/i18n.js';
import { download, fileName } from '../io/download.js';
import { isLinkHash } from '../io/permalink.js';
import { findLesson, type Lesson } from '../model/lessons.js';
import { narrate } from '../model/narrate.js';
import { codeOf, type Workspace, workspaceOf, workspaceProblems } from '../model/workspace.js';
import type { RoleMarker } from './dl-editor-pane.js';
import type { DlLessonGallery } from './dl-lesson-gallery.js';
import type { PlayerAction } from './dl-player.js';
import type { DlShareDialog } from './dl-share-dialog.js';
import './dl-banner.js';
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
import './dl-player.js';
import './dl-reduce-controls.js';
import './dl-share-dialog.js';
import './dl-verify-card.js';

/**
 * The playground. Holds the workspace (code and settings), runs sessions live or replays
 * recorded ones through the reducer worker, and lays out the editors and the reduction.
 * Light DOM: the editors inside must be reachable by Monaco's styles.
 */
@customElement('delta-lab')
export class DeltaLab extends LitElement {
  @query('dl-lesson-gallery') private _gallery!: DlLessonGallery;
  @query('dl-share-dialog') private _share!: DlShareDialog;
  @query('input.import-file') private _file!: HTMLInputElement;

  readonly reducer = new ReducerController(this);
  readonly player = new PlayerController(
    this,
    () => this.reducer.timeline.frames.length,
    () => this.reducer.timeline.ended && !this.reducer.running,
  );
  readonly playground = new PlaygroundController(this, this.reducer, this.player);
  protected readonly localeController = new LocaleController(this);
  #prepareTimer: ReturnType<typeof setTimeout> | null = null;

  protected override createRenderRoot() {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('keydown', this.#onKey);
    window.addEventListener('dragover', this.#onDragOver);
    window.addEventListener('drop', this.#onDrop);
    window.addEventListener('hashchange', this.#onHash);
    void this.playground.start();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('keydown', this.#onKey);
    window.removeEventListener('dragover', this.#onDragOver);
    window.removeEventListener('drop', this.#onDrop);
    window.removeEventListener('hashchange', this.#onHash);
  }

  /** A permalink pasted into the address bar of an open page opens like a fresh load of it. */
  readonly #onHash = () => {
    if (isLinkHash(location.hash)) void this.playground.openLink(location.hash);
  };

  override render() {
    const { timeline, running, mode } = this.reducer;
    const pg = this.playground;
    const ws = pg.workspace;
    const frames = timeline.frames;
    const cursor = Math.min(this.player.cursor, Math.max(0, frames.length - 1));
    const frame: Frame | undefined = frames[cursor];
    const lesson = findLesson(ws.lesson);
    const found = frames.find((f): f is Extract<Frame, { kind: 'found' }> => f.kind === 'found');
    const last = frames.at(-1);
    const done = last?.kind === 'end' ? last : undefined;
    const stale = pg.ranKey !== null && pg.ranKey !== workspaceKey(ws);
    const reply = this.reducer.reply;
    const notice = pg.notice;
    const problems = workspaceProblems(ws, locale());
    return html`
      <a class="skip-link" href="#stage">${t('app.skip')}</a>
      <header class="app-header">
        <h1><span aria-hidden="true">Δ</span> ${t('app.title')}</h1>
        <p class="tagline">${t('app.tagline')}</p>
        <nav class="app-nav" aria-label=${t('lessons.label')}>
          <button class="nav-button" @click=${() => this._gallery.show()}>${t('lessons.open')}</button>
          <button class="nav-button" title="Ctrl+S" @click=${this.#share}>${t('nav.share')}</button>
          <button class="nav-button" @click=${() => this._file.click()}>${t('nav.import')}</button>
          <button class="nav-button" ?disabled=${!pg.sessionText()} @click=${this.#export}>${t('nav.export')}</button>
          <input class="import-file" type="file" accept=".jsonl,application/jsonl,text/plain" hidden
            aria-label=${t('import.label')} @change=${this.#onFile} />
          <dl-language-switch></dl-language-switch>
        </nav>
      </header>
      <dl-banner class="app-banner" .kind=${notice?.kind ?? 'info'} .text=${notice?.text ?? ''}
        .progress=${notice?.progress ?? null}
        .actions=${
          notice?.link
            ? [
                { label: t('link.keep'), event: 'dl-keep' },
                { label: t('link.back'), event: 'dl-back' },
              ]
            : []
        }
        @dl-dismiss=${() => pg.dismiss()} @dl-keep=${() => pg.keepAsDraft()} @dl-back=${() => pg.backToDraft()}></dl-banner>
      <main class="app-main">
        <div class="col-code">
          <dl-lesson-text .lesson=${lesson} ?pristine=${this.#pristine(lesson, ws)} @dl-lesson-reset=${() => pg.resetLesson()}></dl-lesson-text>
          <dl-editor-pane .workspace=${ws} .markers=${this.#markers(frame)} @dl-workspace=${this.#onWorkspace} @dl-run=${() => this.#run()}></dl-editor-pane>
        </div>
        <div class="col-run">
          <section id="stage" class="stage" tabindex="0" aria-label=${t('reduce.timeline')} @keydown=${this.#onStageKey}>
            <dl-player ?running=${running} ?playing=${this.player.playing} ?replay=${mode === 'replay'}
              ?runnable=${problems.length === 0} .cursor=${cursor} .frames=${frames.length} .speed=${this.player.speed}
              @dl-run=${() => this.#run()} @dl-cancel=${() => this.reducer.cancel()}
              @dl-player=${(e: CustomEvent<PlayerAction>) => this.player[e.detail]()}
              @dl-seek=${(e: CustomEvent<number>) => this.player.seek(e.detail)}
              @dl-speed=${(e: CustomEvent<number>) => this.#setSpeed(e.detail)}></dl-player>
            <div class="stage-head">
              ${mode === 'replay' ? html`<span class="replay-badge">${t('replay.badge')}</span>` : nothing}
              ${mode === 'live' ? html`<span class="live-badge">${t('replay.live')}</span>` : nothing}
              ${running && frames.length > 0 ? html`<span class="running" role="status">${this.#progressText()}</span>` : nothing}
              ${this.#comparisonNote()}
            </div>
            ${stale ? html`<p class="stale">${t('reduce.stale')}</p>` : nothing}
            <dl-cells .frame=${frame}></dl-cells>
            <p class="narration" aria-live="polite">${this.#status(frame, reply)}</p>
            <dl-counters .counters=${countersAt(frame)} .verifyExecutions=${frame?.kind === 'end' ? frame.end.verifyExecutions : null}></dl-counters>
          </section>
          <dl-find-panel .workspace=${ws} .progress=${timeline.progress} .found=${found} ?running=${running}
            @dl-workspace=${this.#onWorkspace} @dl-find=${() => this.#run(true)}></dl-find-panel>
          <dl-reduce-controls .workspace=${ws} .problems=${problems} @dl-workspace=${this.#onWorkspace}></dl-reduce-controls>
          <div class="two-up">
            <dl-length-plot .frames=${frames} .cursor=${cursor}></dl-length-plot>
            <dl-verify-card .verification=${frame?.kind === 'end' ? frame.verification : null} ?deletionOnly=${done?.end.deletionOnly !== false}></dl-verify-card>
          </div>
          <dl-history-table .frames=${frames} .cursor=${cursor} @dl-seek=${(e: CustomEvent<number>) => this.player.seek(e.detail)}></dl-history-table>
          <dl-export-panel .workspace=${pg.ran ?? ws} .summary=${reply?.ok ? reply.summary : null}></dl-export-panel>
        </div>
      </main>
      <dl-lesson-gallery .current=${ws.lesson} @dl-lesson=${(e: CustomEvent<string>) => pg.openLesson(e.detail)}></dl-lesson-gallery>
      <dl-share-dialog></dl-share-dialog>
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
    if (!frames.some((frame) => frame.kind === 'confirmed')) return t('reduce.running');
    return t('reduce.waiting', {
      trial: frames.filter((frame) => frame.kind === 'trial').length + 1,
    });
  }

  #comparisonNote() {
    const comparison = this.playground.comparison;
    if (!comparison) return nothing;
    if (comparison.match)
      return html`<span class="match">${t('replay.matches', { calls: comparison.calls })}</span>`;
    return html`<span class="diverged" role="alert">${t('replay.diverges', { call: comparison.call, line: comparison.line ?? '?' })}</span>`;
  }

  #markers(frame: Frame | undefined): RoleMarker[] {
    const { errors } = this.playground;
    if (errors.length > 0) {
      return errors.map(({ role, line, column, message, name }) => ({
        role,
        line,
        column,
        message: `${name}: ${message}`,
      }));
    }
    const error =
      frame?.kind === 'trial' || frame?.kind === 'confirmed' || frame?.kind === 'found'
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

  #pristine(lesson: Lesson | undefined, workspace: Workspace): boolean {
    return !!lesson && workspaceKey(workspaceOf(lesson)) === workspaceKey(workspace);
  }

  #setSpeed(speed: number) {
    this.player.speed = speed;
    if (this.player.playing) this.player.play();
    this.requestUpdate();
  }

  /** Runs live; a compile check still waiting would only start workers the run does not need. */
  #run(pause = false) {
    if (this.#prepareTimer !== null) clearTimeout(this.#prepareTimer);
    this.#prepareTimer = null;
    void this.playground.run(pause);
  }

  readonly #share = async () => {
    const { url, withSession } = await this.playground.share();
    this._share.url = url;
    this._share.withSession = withSession;
    // Share (and Ctrl/Cmd+S) copies at once; the dialog shows the link and its length.
    this._share.copied = await navigator.clipboard.writeText(url).then(
      () => true,
      () => false,
    );
    await this._share.show();
  };

  readonly #export = () => {
    const text = this.playground.sessionText();
    if (text)
      download(
        fileName(this.playground.workspace.lesson, 'session', '.jsonl'),
        text,
        'application/jsonl',
      );
  };

  readonly #onFile = () => {
    const file = this._file.files?.[0];
    if (file) void this.playground.importFile(file);
    this._file.value = '';
  };

  readonly #onDragOver = (event: DragEvent) => {
    if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
  };

  readonly #onDrop = (event: DragEvent) => {
    const file = event.dataTransfer?.files[0];
    if (!file) return;
    event.preventDefault();
    void this.playground.importFile(file);
  };

  readonly #onWorkspace = (event: CustomEvent<Partial<Workspace>>) => {
    const patch = event.detail;
    this.playground.edit(patch);
    const codeChanged = ['candidate', 'reference', 'outcome', 'language', 'mode', 'callMs'].some(
      (key) => key in patch,
    );
    if (codeChanged && this.playground.origin !== 'link') this.#schedulePrepare();
  };

  /**
   * Compiles edited code in the background, so errors show while typing and Run starts warm.
   * Never for code from a link: that runs only when the user presses Run.
   */
  #schedulePrepare() {
    if (this.#prepareTimer !== null) clearTimeout(this.#prepareTimer);
    this.#prepareTimer = setTimeout(async () => {
      this.#prepareTimer = null;
      const workspace = this.playground.workspace;
      const errors = await this.reducer.prepare(codeOf(workspace), workspace.callMs);
      if (workspace === this.playground.workspace) {
        this.playground.errors = errors;
        this.requestUpdate();
      }
    }, 500);
  }

  readonly #onKey = (event: KeyboardEvent) => {
    if (event.defaultPrevented || !(event.ctrlKey || event.metaKey)) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      this.#run();
    } else if (event.key === 's' || event.key === 'S') {
      event.preventDefault();
      void this.#share();
    }
  };

  readonly #onStageKey = (event: KeyboardEvent) => {
    // Sliders and buttons inside the stage handle their own keys.
    const target = event.composedPath()[0];
    if (target instanceof HTMLInputElement || target instanceof HTMLButtonElement) return;
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
