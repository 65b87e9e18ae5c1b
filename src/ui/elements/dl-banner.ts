import { css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { type DlSignal, fire } from '../events.js';
import { t } from '../i18n/i18n.js';
import { shared } from '../styles/shared.js';
import { LocalizedElement } from './localized-element.js';

/** A banner's action button: its label and the event it fires. */
export interface BannerAction {
  label: string;
  event: DlSignal;
}

/**
 * A notice above the playground: where the code came from, an import's progress, an error.
 * Its text is plain text, never HTML.
 *
 * @fires dl-dismiss - the user closed the banner.
 * @fires (action.event) - the user pressed one of the banner's actions.
 */
@customElement('dl-banner')
export class DlBanner extends LocalizedElement {
  static override styles = [
    shared,
    css`
      .banner {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.5rem 1rem;
        padding: 0.55rem 1rem;
        border-radius: var(--radius);
        border: 2px solid var(--accent);
        background: var(--surface);
        margin: 0.7rem 1.2rem 0;
      }
      .error {
        border-color: var(--fail);
      }
      .warn {
        border-color: var(--invalid);
      }
      p {
        margin: 0;
        flex: 1 1 20rem;
      }
      progress {
        width: 12rem;
        accent-color: var(--accent);
      }
    `,
  ];

  @property() kind: 'info' | 'warn' | 'error' = 'info';
  @property() text = '';
  @property({ attribute: false }) actions: readonly BannerAction[] = [];
  /** Shows a progress bar (0..1) while something long is under way. */
  @property({ type: Number }) progress: number | null = null;
  /** Offers no Dismiss: the notice stays until its cause is gone. */
  @property({ type: Boolean }) sticky = false;

  override render() {
    if (!this.text) return nothing;
    return html`<div class="banner ${this.kind}" role=${this.kind === 'error' ? 'alert' : 'status'}>
      <p>${this.text}</p>
      ${this.progress !== null ? html`<progress max="1" .value=${this.progress} aria-label=${this.text}></progress>` : nothing}
      ${this.actions.map((action) => html`<button @click=${() => this.#fire(action.event)}>${action.label}</button>`)}
      ${this.progress === null && !this.sticky ? html`<button @click=${() => this.#fire('dl-dismiss')}>${t('banner.dismiss')}</button>` : nothing}
    </div>`;
  }

  #fire(type: DlSignal) {
    fire(this, type);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'dl-banner': DlBanner;
  }
}
