import { css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { SPEEDS } from '../controllers/player-controller.js';
import { fieldValue, fire, type PlayerAction } from '../events.js';
import type { MessageKey } from '../i18n/en.js';
import { t } from '../i18n/i18n.js';
import { shared } from '../styles/shared.js';
import { LocalizedElement } from './localized-element.js';

/** What each speed position is called, slowest first. */
const SPEED_NAMES: MessageKey[] = [
  'reduce.speed.slowest',
  'reduce.speed.slow',
  'reduce.speed.medium',
  'reduce.speed.fast',
  'reduce.speed.instant',
];

/**
 * The player of the reduction: Run (or Cancel while running), Play/Pause, Step back, Step,
 * Reset, "predict first", the speed, and a scrubber over the steps.
 *
 * @fires dl-run - run the session live.
 * @fires dl-cancel - stop the run in progress.
 * @fires dl-warm - the pointer or the focus is on Run: a run may come soon.
 * @fires dl-player - `detail: PlayerAction`.
 * @fires dl-seek - `detail: number`, a step picked on the scrubber.
 * @fires dl-speed - `detail: number`, an index into the speeds.
 * @fires dl-predict - `detail: boolean`, "predict first" turned on or off.
 */
@customElement('dl-player')
export class DlPlayer extends LocalizedElement {
  static override styles = [
    shared,
    css`
      .row {
        align-items: center;
      }
      .scrub {
        display: flex;
        align-items: center;
        gap: 0.6rem;
        margin-top: 0.4rem;
      }
      .scrub input {
        flex: 1;
        accent-color: var(--accent);
      }
      .predict[aria-pressed='true'] {
        background: var(--accent);
        border-color: var(--accent);
        color: var(--accent-text);
      }
      .speed {
        flex-direction: row;
        align-items: center;
        gap: 0.4rem;
        margin-left: auto;
      }
      .speed input {
        width: 7rem;
        accent-color: var(--accent);
      }
      /* On a projector: the buttons and the scrubber take as little height as they can. */
      :host([presenting]) .row {
        gap: 0.4rem;
        flex-wrap: nowrap;
      }
      :host([presenting]) button {
        padding: 0.2rem 0.6rem;
        min-height: 0;
        white-space: nowrap;
      }
      :host([presenting]) .speed .label {
        display: none;
      }
      :host([presenting]) .speed input {
        width: 5rem;
      }
      :host([presenting]) .scrub {
        margin-top: 0.25rem;
      }
      :host([presenting]) .scrub .muted {
        font-size: var(--present-type, 1rem);
        color: var(--text);
        white-space: nowrap;
      }
    `,
  ];

  @property({ type: Boolean }) running = false;
  @property({ type: Boolean }) playing = false;
  /** Whether the timeline shows a replay (then Run is "Run live"). */
  @property({ type: Boolean }) replay = false;
  /** Whether the workspace can run (else Run is disabled; the settings say why). */
  @property({ type: Boolean }) runnable = true;
  @property({ type: Number }) cursor = 0;
  @property({ type: Number }) frames = 0;
  /** Where the cursor is, in words ("Trial 2 of 4"); the step number when empty. */
  @property() position = '';
  @property({ type: Number }) speed = 2;
  /** Whether each trial is shown before its verdict. */
  @property({ type: Boolean }) predicting = false;
  /** Presenter mode: the player kept to two short rows. */
  @property({ type: Boolean, reflect: true }) presenting = false;

  override render() {
    const last = Math.max(0, this.frames - 1);
    return html`      <div class="row">
        ${
          this.running
            ? html`<button class="primary" @click=${() => fire(this, 'dl-cancel')}>${t('reduce.cancel')}</button>`
            : html`<button class="primary" title="Ctrl+Enter" ?disabled=${!this.runnable} @click=${() => fire(this, 'dl-run')}
                @pointerenter=${() => fire(this, 'dl-warm')} @focus=${() => fire(this, 'dl-warm')}>${t(this.replay ? 'reduce.runLive' : 'reduce.run')}</button>`
        }
        <button @click=${() => this.#player(this.playing ? 'pause' : 'play')} ?disabled=${this.frames === 0}>${t(this.playing ? 'reduce.pause' : 'reduce.play')}</button>
        <button @click=${() => this.#player('back')} ?disabled=${this.cursor <= 0}>${t('reduce.back')}</button>
        <button @click=${() => this.#player('step')} ?disabled=${this.cursor >= last}>${t('reduce.step')}</button>
        <button @click=${() => this.#player('reset')} ?disabled=${this.frames === 0}>${t('reduce.reset')}</button>
        <button class="predict" aria-pressed=${String(this.predicting)} title=${t('reduce.predictHint')}
          @click=${() => fire(this, 'dl-predict', !this.predicting)}>${t('reduce.predict')}</button>
        <label class="speed"><span class="label">${t('reduce.speed')}</span>
          <span aria-hidden="true">${t('reduce.speed.slow')}</span>
          <input type="range" min="0" max=${SPEEDS.length - 1} step="1" .value=${String(this.speed)}
            aria-valuetext=${t(SPEED_NAMES[this.speed] ?? 'reduce.speed.medium')}
            @input=${(e: Event) => fire(this, 'dl-speed', Number(fieldValue(e)))} />
          <span aria-hidden="true">${t('reduce.speed.fast')}</span>
        </label>
      </div>
      <div class="scrub">
        <input type="range" min="0" max=${last} step="1" .value=${String(this.cursor)} ?disabled=${this.frames === 0}
          aria-label=${t('reduce.scrub')} aria-valuetext=${this.position || t('reduce.stepOf', { at: this.cursor + 1, total: this.frames })}
          @input=${(e: Event) => fire(this, 'dl-seek', Number(fieldValue(e)))} />
        <span class="muted">${this.frames > 0 ? this.position || t('reduce.stepOf', { at: this.cursor + 1, total: this.frames }) : ''}</span>
      </div>
`;
  }

  #player(action: PlayerAction) {
    fire(this, 'dl-player', action);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'dl-player': DlPlayer;
  }
}
