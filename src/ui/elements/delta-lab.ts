import { html, LitElement } from 'lit';
import { customElement, query } from 'lit/decorators.js';
import { runtimeHome } from '../../core/code/runtimes/registry.js';
import type { Frame } from '../../core/run/timeline.js';
import { loadOnce } from '../async/load-once.js';
import { AddressController } from '../controllers/address-controller.js';
import { ChecksController } from '../controllers/checks-controller.js';
import { NoticeController } from '../controllers/notice-controller.js';
import { PlayerController } from '../controllers/player-controller.js';
import { ReducerWorker } from '../controllers/reducer-worker.js';
import { RunController } from '../controllers/run-controller.js';
import { TimelineController } from '../controllers/timeline-controller.js';
import { WindowController } from '../controllers/window-controller.js';
import { WorkspaceController } from '../controllers/workspace-controller.js';
import type { DlEvent } from '../events.js';
import { LocaleController, locale, localeReady, t } from '../i18n/i18n.js';
import { download, fileName } from '../io/download.js';
import { dropDraft, listDrafts } from '../io/draft.js';
import { fixView } from '../model/fix.js';
import { findLesson, type Lesson, loadTwins, twinCode } from '../model/lessons.js';
import { grammarName } from '../model/program-language.js';
import { markersOf, statusText } from '../model/status-text.js';
import { type Workspace, workspaceOf, workspaceProblems } from '../model/workspace.js';
import { workspaceKey } from '../model/workspace-key.js';
import type { DlLessonGallery } from './dl-lesson-gallery.js';
import type { DlShareDialog } from './dl-share-dialog.js';
import './dl-app-header.js';
import './dl-banner.js';
import './dl-editor-pane.js';
import './dl-export-panel.js';
import './dl-find-panel.js';
import './dl-history-table.js';
import './dl-length-plot.js';
import './dl-lesson-text.js';
import './dl-own-text.js';
import './dl-present-panels.js';
import './dl-reduce-controls.js';
import './dl-stage.js';

/** Loads the elements that are not on the first screen (see `deferred.ts`). */
const loadDeferred = loadOnce(() => import('./deferred.js'));

/** Workspace fields whose change means the code must be checked again. */
const CODE_FIELDS = ['candidate', 'reference', 'outcome', 'language', 'mode', 'callMs'];

/**
 * The playground: lays out the lesson, the editors and the reduction, and wires the user's
 * actions to its controllers: what is shown and where it came from ({@link WorkspaceController}),
 * what ran and how it compares ({@link RunController}), the timeline shown and the runs that
 * feed it ({@link TimelineController}), the reducer worker ({@link ReducerWorker}), the player
 * and the banner.
 * Light DOM: the editors inside must be reachable by Monaco's styles.
 */
@customElement('delta-lab')
export class DeltaLab extends LitElement {
  @query('dl-lesson-gallery') private _gallery!: DlLessonGallery;
  @query('dl-share-dialog') private _share!: DlShareDialog;
  @query('input.import-file') private _file!: HTMLInputElement;

  readonly worker = new ReducerWorker(() => this.requestUpdate());
  readonly timeline = new TimelineController(this, this.worker);
  readonly player = new PlayerController(
    this,
    () => this.timeline.frames.length,
    () => this.timeline.ended && !this.timeline.running,
    (index) => this.timeline.frames[index]?.type === 'trial',
  );
  readonly notices = new NoticeController(this);
  readonly address = new AddressController(this);
  readonly runs = new RunController(
    this,
    { timeline: this.timeline, worker: this.worker },
    this.player,
    this.notices,
  );
  readonly workspaces = new WorkspaceController(this, {
    timeline: this.timeline,
    runs: this.runs,
    player: this.player,
    notices: this.notices,
  });
  readonly checks = new ChecksController(this.worker, this.runs);
  protected readonly localeController = new LocaleController(this);
  protected readonly window = new WindowController(this, {
    step: () => this.runs.awaiting || this.player.step(),
    back: () => this.runs.awaiting || this.player.back(),
    run: () => this.#run(),
    share: () => void this.#share(),
    importFile: (file) => void this.workspaces.importFile(file),
    openLink: (hash) => void this.workspaces.openLink(hash),
    loadFailed: () => this.notices.show({ kind: 'error', text: t('app.loadFailed') }),
  });

  protected override createRenderRoot() {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // The sandbox iframe and the reducer worker's own code get ready while the user reads; spares
    // start on a sign of a run (the pointer on Run, an edit, Python code shown: see `updated`).
    // `?lesson=name`, `?present` and `?predict` ("predict first") are a teacher's bookmarks.
    const params = new URLSearchParams(location.search);
    void this.workspaces.start(params.get('lesson')).then(() => this.worker.warm());
    this.toggleAttribute('presenting', params.has('present'));
    if (params.has('predict')) this.player.setPredict(true);
  }

  /** The first render waits for the page's language (its texts may still be loading). */
  protected override async scheduleUpdate(): Promise<void> {
    await localeReady();
    super.scheduleUpdate();
  }

  /** Once the page is shown, what is below it and lesson code in other languages load. */
  protected override firstUpdated(): void {
    requestAnimationFrame(() =>
      setTimeout(() => {
        // A failure is told by the window controller (loadFailed); what failed loads again when
        // it is next needed.
        loadDeferred().catch(() => undefined);
        loadTwins().catch(() => undefined);
      }),
    );
  }

  /** Presenter mode: the stage, narration, counters and latest trials, in projector type. */
  #present = () => {
    this.toggleAttribute('presenting');
    this.requestUpdate();
  };

  override render() {
    const { timeline, running, mode, reply } = this.timeline;
    const ws = this.workspaces.workspace;
    const frames = timeline.frames;
    const cursor = Math.min(this.player.cursor, Math.max(0, frames.length - 1));
    // While a trial's verdict is veiled, the plot and the history stop at the trial before it.
    const veiled = this.player.veiled;
    const told = veiled ? cursor - 1 : cursor;
    // Predicting, what is not yet told stays untold: the plot's lengths ahead, the result's export.
    const untold = this.player.predicting && cursor < frames.length - 1;
    const frame: Frame | undefined = frames[cursor];
    const lesson = findLesson(ws.lesson);
    const found = frames.find((f): f is Extract<Frame, { type: 'found' }> => f.type === 'found');
    const end = frames.at(-1)?.type === 'end' ? frames.at(-1) : undefined;
    const notice = this.notices.notice;
    const problems = workspaceProblems(ws, locale());
    return html`
      <a class="skip-link" href="#stage">${t('app.skip')}</a>
      <dl-app-header ?exportable=${this.runs.hasSession} ?presenting=${this.hasAttribute('presenting')}
        @dl-present=${this.#present} @dl-gallery=${this.#showGallery}
        @dl-share=${this.#share} @dl-import=${() => this._file.click()} @dl-export=${this.#export}></dl-app-header>
      <input class="import-file" type="file" accept=".jsonl,application/jsonl,text/plain" hidden
        aria-label=${t('import.label')} @change=${this.#onFile} />
      <dl-banner class="app-banner" .kind=${notice?.kind ?? 'info'} .text=${notice?.text ?? ''}
        .progress=${notice?.progress ?? null} .actions=${notice?.actions ?? []} ?sticky=${notice?.sticky ?? false}
        @dl-export-drafts=${this.#exportDrafts}
        @dl-dismiss=${() => this.notices.dismiss()} @dl-keep=${() => this.workspaces.keepAsDraft()}
        @dl-back=${() => this.workspaces.backToDraft()}
        @dl-confirm-budget=${() => this.runs.runWithBudget(this.workspaces.workspace)}></dl-banner>
      <main class="app-main">
        <div class="col-code">
          ${
            ws.own
              ? html`<dl-own-text .own=${ws.own} .lesson=${lesson} @dl-workspace=${this.#onWorkspace}
            @dl-lesson-reset=${this.#reset}></dl-own-text>`
              : html`<dl-lesson-text .lesson=${lesson}
            .pristine=${this.#pristine(lesson, ws)} @dl-lesson-reset=${this.#reset}></dl-lesson-text>`
          }
          <dl-editor-pane .workspace=${ws} .markers=${markersOf(this.runs.errors, frame)}
            @dl-workspace=${this.#onWorkspace} @dl-run=${() => this.#run()}></dl-editor-pane>
        </div>
        <div class="col-run">
          <dl-stage .frames=${frames} .shape=${timeline.shape} .cursor=${cursor} .mode=${mode} ?running=${running}
            ?playing=${this.player.playing} .runnable=${problems.length === 0} .speed=${this.player.speed}
            ?stale=${this.runs.stale(ws)} .status=${this.runs.awaiting && !frame ? t('reduce.loading') : statusText(frame, reply, running, timeline.shape, frames[cursor - 1], veiled)}
            ?predicting=${this.player.predicting} ?veiled=${veiled} ?presenting=${this.hasAttribute('presenting')}
            .versions=${((this.runs.ran ?? ws).versions ?? []).map((v) => v.label)} .bisection=${timeline.bisection}
            .comparison=${this.runs.comparison} .runStatus=${this.timeline.status}
            .python=${this.worker.python} ?pythonRun=${runtimeHome((this.runs.ran ?? ws).language).startMs !== undefined} .grammar=${grammarName(this.runs.ran ?? ws)}
            @dl-run=${() => this.#run()} @dl-cancel=${() => this.worker.cancel()}
            @dl-warm=${() => this.runs.warm(ws)}
            @dl-player=${(e: DlEvent<'dl-player'>) => this.runs.awaiting || this.player[e.detail]()}
            @dl-seek=${this.#onSeek} @dl-speed=${this.#onSpeed}
            @dl-predict=${(e: DlEvent<'dl-predict'>) => this.player.setPredict(e.detail)}></dl-stage>
          <dl-present-panels .selected=${this.dataset.panel ?? 'loop'} @dl-present-panel=${(e: DlEvent<'dl-present-panel'>) => this.setAttribute('data-panel', e.detail)}></dl-present-panels>
          <dl-stretch-panel .stretch=${lesson?.scenario.stretch} .failing=${ws.source === 'paste' ? ws.failing : ''}
            .summary=${reply?.ok ? reply.summary : null} .key=${this.checks.stretchKey(ws)}
            @dl-workspace=${this.#onWorkspace}></dl-stretch-panel>
          <dl-algorithm-pane .frame=${frame} .shape=${timeline.shape} .reducer=${(end?.type === 'end' ? end.end.reducer : undefined) ?? ws.reducer}
            ?veiled=${veiled} ?expanded=${this.hasAttribute('presenting')}></dl-algorithm-pane>
          <dl-find-panel .workspace=${ws} .shape=${timeline.shape} .progress=${timeline.progress} .found=${found} ?running=${running}
            .status=${this.timeline.status}
            @dl-workspace=${this.#onWorkspace} @dl-find=${() => this.#run(true)}></dl-find-panel>
          <dl-reduce-controls .workspace=${ws} .problems=${problems} @dl-workspace=${this.#onWorkspace}></dl-reduce-controls>
          <div class="two-up">
            <dl-length-plot .frames=${frames} .shape=${timeline.shape} .cursor=${told} ?told=${untold}></dl-length-plot>
            <dl-verify-card .verification=${frame?.type === 'end' ? frame.verification : null}
              .isolated=${frame?.type === 'end' ? (frame.isolated ?? null) : null}
              .deletionOnly=${end?.type !== 'end' || end.end.deletionOnly !== false}></dl-verify-card>
          </div>
          <dl-regress-panel .runner=${this.checks.regress(lesson, ws, reply)} .key=${this.checks.key(ws, reply)}
            .fix=${fixView(lesson, ws, locale())} @dl-workspace=${this.#onWorkspace}
            @dl-cancel=${() => this.worker.cancel()}></dl-regress-panel>
          <dl-compare-panel .runner=${this.checks.compare(ws, reply)} .shape=${timeline.shape} .key=${this.checks.key(ws, reply)}
            @dl-cancel=${() => this.worker.cancel()}></dl-compare-panel>
          <dl-history-table .frames=${frames} .shape=${timeline.shape} .cursor=${told} @dl-seek=${this.#onSeek}></dl-history-table>
          <dl-export-panel .workspace=${this.runs.ran ?? ws} .summary=${reply?.ok && !untold ? reply.summary : null}></dl-export-panel>
        </div>
      </main>
      <dl-lesson-gallery .current=${ws.lesson}
        @dl-lesson=${(e: DlEvent<'dl-lesson'>) => this.workspaces.openLesson(this.address.picked(e.detail))}
        @dl-draft=${(e: DlEvent<'dl-draft'>) => this.workspaces.openDraft(e.detail)}
        @dl-blank=${() => this.workspaces.openBlank()}
        @dl-draft-delete=${this.#deleteDraft}></dl-lesson-gallery>
      <dl-share-dialog></dl-share-dialog>
    `;
  }

  protected override updated(): void {
    this.player.framesChanged();
    this.worker.readyPython(this.workspaces.workspace);
  }

  #pristine(lesson: Lesson | undefined, workspace: Workspace): boolean {
    return !!lesson && workspaceKey(workspaceOf(lesson, locale())) === workspaceKey(workspace);
  }

  #run(pause = false) {
    void this.runs.run(() => this.workspaces.workspace, pause);
  }

  readonly #onSeek = (event: DlEvent<'dl-seek'>) => {
    // The steps shown are the last lesson's while the new one's recording is on its way.
    if (!this.runs.awaiting) this.player.seek(event.detail);
  };

  readonly #reset = () => this.workspaces.resetLesson();

  readonly #onSpeed = (event: DlEvent<'dl-speed'>) => this.player.setSpeed(event.detail);

  readonly #onWorkspace = (event: DlEvent<'dl-workspace'>) => {
    let patch = event.detail;
    // A lesson's untouched code switched to another language becomes its twin in that language.
    if (patch.language) {
      const twin = twinCode(this.workspaces.workspace, patch.language, locale());
      if (twin) patch = { ...patch, ...twin };
    }
    this.workspaces.edit(patch);
    // The check transpiles and scans the code, running none of it (code runs only on Run).
    if (CODE_FIELDS.some((key) => key in patch))
      this.runs.checkSoon(() => this.workspaces.workspace);
  };

  readonly #share = async () => {
    await loadDeferred();
    const { url, withSession } = await this.workspaces.share();
    this._share.url = url;
    this._share.withSession = withSession;
    // Share (and Ctrl/Cmd+S) copies at once; the dialog shows the link and its length.
    this._share.copied = await navigator.clipboard.writeText(url).then(
      () => true,
      () => false,
    );
    await this._share.show();
  };

  readonly #export = async () => {
    const text = await this.runs.sessionText();
    const name = fileName(this.workspaces.workspace.lesson, 'session', '.jsonl');
    if (text) download(name, text, 'application/jsonl');
  };

  readonly #showGallery = async () => {
    await loadDeferred();
    this._gallery.drafts = listDrafts();
    this._gallery.show();
  };

  readonly #deleteDraft = (event: DlEvent<'dl-draft-delete'>) => {
    dropDraft(event.detail);
    this._gallery.drafts = listDrafts();
  };

  readonly #exportDrafts = () => {
    download('deltalab-drafts.json', this.workspaces.draftsText(), 'application/json');
  };

  readonly #onFile = () => {
    const file = this._file.files?.[0];
    if (file) void this.workspaces.importFile(file);
    this._file.value = '';
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'delta-lab': DeltaLab;
  }
}
