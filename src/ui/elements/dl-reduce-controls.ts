import { css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { REDUCER_NAMES } from '../../core/reduce/reducers.js';
import { SPEEDS } from '../controllers/player-controller.js';
import { t } from '../i18n/i18n.js';
import type { Workspace } from '../model/workspace.js';
import { shared } from '../styles/shared.js';
import { LocalizedElement } from './localized-element.js';

/** A player command. */
export type PlayerAction = 'play' | 'pause' | 'step' | 'back' | 'reset';

/**
 * The reduction's settings (reducer, chased outcome, time budget) and the player: Run or Cancel,
 * Play/Pause, Step back, Step, Reset, the speed and a scrubber over the steps.
 *
 * @fires dl-workspace - `detail: Partial<Workspace>`, a setting the user changed.
 * @fires dl-run - run the session live.
 * @fires dl-cancel - stop the run in progress.
 * @fires dl-player - `detail: PlayerAction`.
 * @fires dl-seek - `detail: number`, a step picked on the scrubber.
 * @fires dl-speed - `detail: number`, an index into the speeds.
 */
@customElement('dl-reduce-controls')
export class DlReduceControls extends LocalizedElement {
  static override styles = [
    shared,
    css`
      .more {
        margin-top: 0.4rem;
      }
      .more summary {
        cursor: pointer;
        color: var(--muted);
        font-size: 0.85rem;
      }
      label.check {
        flex-direction: row;
        align-items: center;
        gap: 0.3rem;
        color: var(--text);
      }
      .player {
        margin-top: 0.6rem;
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
    `,
  ];

  @property({ attribute: false }) workspace!: Workspace;
  @property({ type: Boolean }) running = false;
  @property({ type: Boolean }) playing = false;
  /** Whether the timeline shows a replay (then Run is "Run live"). */
  @property({ type: Boolean }) replay = false;
  @property({ type: Number }) cursor = 0;
  @property({ type: Number }) frames = 0;
  @property({ type: Number }) speed = 2;

  override render() {
    const ws = this.workspace;
    const last = Math.max(0, this.frames - 1);
    return html`<section class="panel" aria-labelledby="reduce-title">
      <h2 id="reduce-title">${t('reduce.heading')}</h2>
      <div class="row">
        <label>${t('reduce.reducer')}
          <select @change=${(e: Event) => this.#patch({ reducer: value(e) as Workspace['reducer'] })}>
            ${REDUCER_NAMES.map((name) => html`<option value=${name} ?selected=${ws.reducer === name}>${t(`reducer.${name}`)}</option>`)}
          </select>
        </label>
        <label>${t('reduce.chase')}
          <select @change=${(e: Event) => this.#patch({ chase: value(e) as Workspace['chase'] })}>
            ${(['wrong-answer', 'crash', 'timeout'] as const).map((kind) => html`<option value=${kind} ?selected=${ws.chase === kind}>${t(`reduce.chase.${kind}`)}</option>`)}
          </select>
        </label>
        ${
          ws.chase === 'crash'
            ? html`<label>${t('reduce.signature')}<input .value=${ws.signature} @change=${(e: Event) => this.#patch({ signature: value(e) })} /></label>`
            : nothing
        }
        <label>${t('reduce.budget')}<input type="number" min="10" step="10" .value=${String(ws.callMs)}
          @change=${(e: Event) => {
            const ms = Number(value(e));
            if (Number.isFinite(ms) && ms >= 10) this.#patch({ callMs: Math.round(ms) });
          }} /></label>
      </div>
      <details class="more">
        <summary>${t('reduce.more')}</summary>
        <div class="row">
          <label>${t('reduce.repeats')}<input type="number" min="0" max="10" step="1" .value=${String(ws.repeats)}
            @change=${(e: Event) => {
              const repeats = Number(value(e));
              if (Number.isSafeInteger(repeats) && repeats >= 0 && repeats <= 10)
                this.#patch({ repeats });
            }} /></label>
          ${this.#limit('reduce.maxTrials', 'maxTrials', ws.maxTrials)}
          ${this.#limit('reduce.maxMs', 'maxMs', ws.maxMs)}
          <label class="check"><input type="checkbox" .checked=${ws.cache}
            @change=${(e: Event) => this.#patch({ cache: (e.target as HTMLInputElement).checked })} />${t('reduce.cache')}</label>
        </div>
      </details>
      <div class="row player">
        ${
          this.running
            ? html`<button class="primary" @click=${() => this.#fire('dl-cancel')}>${t('reduce.cancel')}</button>`
            : html`<button class="primary" title="Ctrl+Enter" @click=${() => this.#fire('dl-run')}>${t(this.replay ? 'reduce.runLive' : 'reduce.run')}</button>`
        }
        <button @click=${() => this.#player(this.playing ? 'pause' : 'play')} ?disabled=${this.frames === 0}>${t(this.playing ? 'reduce.pause' : 'reduce.play')}</button>
        <button @click=${() => this.#player('back')} ?disabled=${this.cursor <= 0}>${t('reduce.back')}</button>
        <button @click=${() => this.#player('step')} ?disabled=${this.cursor >= last}>${t('reduce.step')}</button>
        <button @click=${() => this.#player('reset')} ?disabled=${this.frames === 0}>${t('reduce.reset')}</button>
        <label class="speed">${t('reduce.speed')}
          <span aria-hidden="true">${t('reduce.speed.slow')}</span>
          <input type="range" min="0" max=${SPEEDS.length - 1} step="1" .value=${String(this.speed)}
            @input=${(e: Event) => this.#fire('dl-speed', Number(value(e)))} />
          <span aria-hidden="true">${t('reduce.speed.fast')}</span>
        </label>
      </div>
      <div class="scrub">
        <input type="range" min="0" max=${last} step="1" .value=${String(this.cursor)} ?disabled=${this.frames === 0}
          aria-label=${t('reduce.scrub')} aria-valuetext=${t('reduce.stepOf', { at: this.cursor + 1, total: this.frames })}
          @input=${(e: Event) => this.#fire('dl-seek', Number(value(e)))} />
        <span class="muted">${this.frames > 0 ? t('reduce.stepOf', { at: this.cursor + 1, total: this.frames }) : ''}</span>
      </div>
    </section>`;
  }

  /** An optional whole-number limit: empty means none. */
  #limit(label: Parameters<typeof t>[0], key: 'maxTrials' | 'maxMs', current: number | null) {
    return html`<label>${t(label)}<input type="number" min="0" step="1" placeholder=${t('reduce.none')}
      .value=${current === null ? '' : String(current)}
      @change=${(e: Event) => {
        const text = value(e).trim();
        const n = Number(text);
        if (text === '') this.#patch({ [key]: null });
        else if (Number.isSafeInteger(n) && n >= 0) this.#patch({ [key]: n });
      }} /></label>`;
  }

  #patch(patch: Partial<Workspace>) {
    this.#fire('dl-workspace', patch);
  }

  #player(action: PlayerAction) {
    this.#fire('dl-player', action);
  }

  #fire(type: string, detail?: unknown) {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}

function value(event: Event): string {
  return (event.target as HTMLInputElement | HTMLSelectElement).value;
}

declare global {
  interface HTMLElementTagNameMap {
    'dl-reduce-controls': DlReduceControls;
  }
}
