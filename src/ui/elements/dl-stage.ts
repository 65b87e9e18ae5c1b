import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { INT_ARRAY, type Shape } from '../../core/input/kinds.js';
import type { Comparison } from '../../core/replay/compare-recording.js';
import type { RunStatus } from '../../core/run/status.js';
import { type Bisection, countersAt, type Frame } from '../../core/run/timeline.js';
import type { RunMode } from '../controllers/timeline-controller.js';
import { type DlEvent, fire, type PlayerAction } from '../events.js';
import { LocaleController, t } from '../i18n/i18n.js';
import { positionText, progressText } from '../model/status-text.js';
import type { PythonProgress } from '../python/python-files.js';
import './dl-version-bisect.js';
import './dl-cells.js';
import './dl-counters.js';
import './dl-player.js';
import { isIsolationFrame } from '../model/narrate-isolation.js';
import { unparsedBefore } from '../model/program-view.js';
import './dl-sides.js';

/**
 * The stage: the player, what the timeline is (a replay, a live run, how it compares with its
 * recording), the cells of the frame shown, its narration (announced to screen readers) and
 * the counters (while a trial's verdict is veiled, those from before it). With focus, the arrow
 * keys, Home, End and Space drive the player. A session that bisects a history shows its
 * bisection first, stepped by the same keys, and the dd of the pair it found once asked or once
 * the player moves.
 * Light DOM: the page's stylesheet lays it out.
 *
 * @fires dl-player - `detail: PlayerAction`, from a key.
 * @fires dl-seek - `detail: number`, End: the last frame.
 */
@customElement('dl-stage')
export class DlStage extends LitElement {
  @property({ attribute: false }) frames: readonly Frame[] = [];
  /** How the frames' inputs are cut into units. */
  @property({ attribute: false }) shape: Shape = INT_ARRAY;
  @property({ type: Number }) cursor = 0;
  @property({ attribute: false }) mode: RunMode | null = null;
  @property({ type: Boolean }) running = false;
  @property({ type: Boolean }) playing = false;
  @property({ type: Boolean }) runnable = true;
  @property({ type: Number }) speed = 2;
  /** The timeline was made from other code or settings than the editors show. */
  @property({ type: Boolean }) stale = false;
  /** The sentence under the cells. */
  @property() status = '';
  @property({ attribute: false }) comparison: Comparison | null = null;
  /** Where the live run under way is. */
  @property({ attribute: false }) runStatus: RunStatus | null = null;
  /** The Python runtime's download, while it goes. */
  @property({ attribute: false }) python: PythonProgress | null = null;
  /** Whether each trial is shown before its verdict ("predict first"). */
  @property({ type: Boolean }) predicting = false;
  /** The frame shown is a trial whose verdict is still hidden. */
  @property({ type: Boolean }) veiled = false;
  /** The grammar the run under way reads its program with first (a program's name), if any. */
  @property() grammar: string | undefined = undefined;
  /** The run under way runs Python code. */
  @property({ type: Boolean }) pythonRun = false;
  /** Presenter mode: one projector screen, in type a class reads from the back of the room. */
  @property({ type: Boolean }) presenting = false;
  /** A history's versions, by label (empty: the session bisects none). */
  @property({ attribute: false }) versions: readonly string[] = [];
  /** The history's bisection, as far as the timeline has it. */
  @property({ attribute: false }) bisection: Bisection | null = null;
  /** The bisection is shown rather than the dd of its pair; its tests shown. */
  @state() private _bisecting = true;
  @state() private _shown = 0;
  protected readonly localeController = new LocaleController(this);

  protected override createRenderRoot() {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.addEventListener('keydown', this.#onKey);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.removeEventListener('keydown', this.#onKey);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Another run or replay: its bisection from the start.
    const before = changed.get('bisection') as Bisection | null | undefined;
    if (changed.has('bisection') && before?.steps !== this.bisection?.steps) {
      this._bisecting = true;
      this._shown = 0;
    } else if (changed.has('cursor') && changed.get('cursor') !== undefined) {
      // The player moved (a step, the scrubber, a run playing): it shows dd's frames.
      this._bisecting = false;
    }
  }

  /** Whether the stage shows a bisection now (else the frames of dd or a reduction). */
  get #bisects(): boolean {
    return this._bisecting && this.versions.length > 0 && (this.bisection?.steps.length ?? 0) > 0;
  }

  override render() {
    const { frames, cursor, running, mode } = this;
    const frame = frames[cursor];
    const last = frame?.type === 'end' ? frame : undefined;
    // A Python run says how its runtime comes along until the first input has been judged.
    const waitingForPython =
      this.pythonRun && running && frames.length === 0 && !this.runStatus?.attempts;
    // A program cut by its syntax is read by its grammar (perhaps downloaded) before it runs.
    const parsing = this.grammar && running && frames.length === 0 && !this.runStatus;
    return html`<section id="stage" class="stage" tabindex="0" aria-label=${t('reduce.timeline')}>
      <dl-player .position=${positionText(frames, cursor)} ?running=${running} ?playing=${this.playing} ?replay=${mode === 'replay'}
        .runnable=${this.runnable} .cursor=${cursor} .frames=${frames.length} .speed=${this.speed}
        ?predicting=${this.predicting} ?presenting=${this.presenting}></dl-player>
      <div class="stage-head">
        ${mode === 'replay' ? html`<span class="replay-badge">${t('replay.badge')}</span>` : nothing}
        ${mode === 'live' ? html`<span class="live-badge">${t('replay.live')}</span>` : nothing}
        ${
          parsing
            ? html`<span class="running parsing" role="status">${t('program.parsing', { language: this.grammar ?? '' })}</span>`
            : waitingForPython
              ? this.#python()
              : running && (frames.length > 0 || this.runStatus)
                ? html`<span class="running" role="status">${progressText(frames, this.runStatus)}</span>`
                : nothing
        }
        ${!waitingForPython && this.python ? this.#python() : nothing}
        ${this.#comparison()}
      </div>
      ${this.stale ? html`<p class="stale">${t('reduce.stale')}</p>` : nothing}
      ${this.#bisection()}
      ${this.#bisects ? nothing : this.#frame(frame, last)}
    </section>`;
  }

  #bisection() {
    const { bisection, versions } = this;
    if (!bisection || versions.length === 0 || bisection.steps.length === 0) return nothing;
    return html`<dl-version-bisect .labels=${versions} .steps=${bisection.steps} .result=${bisection.result}
      .shown=${this._shown} .open=${this._bisecting} ?presenting=${this.presenting}
      @dl-bisect-step=${(e: DlEvent<'dl-bisect-step'>) => this.#show(e.detail)}
      @dl-bisecting=${(e: DlEvent<'dl-bisecting'>) => {
        this._bisecting = e.detail;
      }}></dl-version-bisect>`;
  }

  /** Shows the first `count` tests of the bisection (within bounds). */
  #show(count: number): void {
    this._shown = Math.max(0, Math.min(count, this.bisection?.steps.length ?? 0));
  }

  #frame(frame: Frame | undefined, last: Extract<Frame, { type: 'end' }> | undefined) {
    const { frames, cursor } = this;
    return html`${
      frame && frame.type !== 'confirmed' && isIsolationFrame(frame)
        ? html`<dl-sides .frame=${frame} .shape=${this.shape} ?veiled=${this.veiled} ?presenting=${this.presenting}></dl-sides>`
        : html`<dl-cells .frame=${frame} .shape=${this.shape} ?veiled=${this.veiled} ?presenting=${this.presenting}></dl-cells>`
    }
      <p class="narration" aria-live="polite">${this.status}</p>
      <dl-counters .counters=${countersAt(this.veiled ? frames[cursor - 1] : frame)}
        .confirmations=${frames.some((each) => each.type === 'confirmed' && each.side === 'pass') ? 2 : 1}
        .verifyExecutions=${last ? last.end.verifyExecutions : null} .unparsed=${unparsedBefore(frames, this.veiled ? cursor : cursor + 1)}
        ?presenting=${this.presenting}></dl-counters>`;
  }

  /**
   * The Python runtime's download while it goes (it may start before Run, once Python code is
   * checked), then its start, until the first Python run's first answer.
   */
  #python() {
    const { python } = this;
    if (!python || python.loaded >= python.total) {
      return html`<span class="running" role="status">${t('python.starting')}</span>`;
    }
    const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);
    const text = t('python.download', { loaded: mb(python.loaded), total: mb(python.total) });
    return html`<span class="running python-load" role="status">${text}
      <progress max=${python.total} .value=${python.loaded} aria-label=${text}></progress></span>`;
  }

  #comparison() {
    const { comparison } = this;
    if (!comparison) return nothing;
    if (comparison.match) {
      return html`<span class="match">${t('replay.matches', { calls: comparison.calls })}</span>`;
    }
    const values = { call: comparison.call, line: comparison.line ?? '?' };
    return html`<span class="diverged" role="alert">${t('replay.diverges', values)}</span>`;
  }

  readonly #onKey = (event: KeyboardEvent) => {
    // Sliders and buttons inside the stage handle their own keys.
    const target = event.composedPath()[0];
    if (target instanceof HTMLInputElement || target instanceof HTMLButtonElement) return;
    const actions: Record<string, PlayerAction | 'end'> = {
      ArrowRight: 'step',
      ArrowLeft: 'back',
      Home: 'reset',
      End: 'end',
      ' ': this.playing ? 'pause' : 'play',
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    if (this.#bisects) {
      const steps = this.bisection?.steps.length ?? 0;
      const to = { step: this._shown + 1, back: this._shown - 1, reset: 0, end: steps };
      if (action in to) this.#show(to[action as keyof typeof to]);
      return;
    }
    if (action === 'end') fire(this, 'dl-seek', Math.max(0, this.frames.length - 1));
    else fire(this, 'dl-player', action);
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'dl-stage': DlStage;
  }
}
