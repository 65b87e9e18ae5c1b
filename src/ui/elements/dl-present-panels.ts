import { css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { fire } from '../events.js';
import { type MessageKey, t } from '../i18n/i18n.js';
import { PRESENT_PANELS, type PresentPanel } from '../model/present-panels.js';
import { shared } from '../styles/shared.js';
import { LocalizedElement } from './localized-element.js';

/** Each panel's name, as its heading reads. */
const NAMES: Record<PresentPanel, MessageKey> = {
  loop: 'algorithm.heading',
  regress: 'regress.heading',
  compare: 'compare.heading',
  history: 'history.heading',
};

/**
 * Presenter mode's choice of the one panel shown below the stage (the reducer's loop, Fix and
 * regress, the reducers' comparison, the history): tabs, in type a room can read, moved between
 * with the arrow keys, Home and End as a tab list is.
 *
 * @fires dl-present-panel - `detail: PresentPanel`, the panel the teacher picked.
 */
@customElement('dl-present-panels')
export class DlPresentPanels extends LocalizedElement {
  static override styles = [
    shared,
    css`
      :host {
        display: block;
      }
      [role='tablist'] {
        display: flex;
        flex-wrap: wrap;
        gap: 0.4rem;
      }
      button {
        font-size: clamp(16px, 2.6vh, 22px);
        padding: 0.3rem 0.9rem;
      }
      button[aria-selected='true'] {
        background: var(--accent);
        color: var(--accent-text);
        font-weight: 600;
        text-decoration: underline;
        text-underline-offset: 0.25em;
      }
    `,
  ];

  /** The panel shown. */
  @property() selected: PresentPanel = 'loop';

  override render() {
    return html`<div role="tablist" aria-label=${t('present.panels')} @keydown=${this.#onKey}>
      ${PRESENT_PANELS.map(
        (panel) => html`<button role="tab" data-panel=${panel}
          aria-selected=${panel === this.selected} tabindex=${panel === this.selected ? 0 : -1}
          @click=${() => this.#pick(panel)}>${t(NAMES[panel])}</button>`,
      )}
    </div>`;
  }

  #pick(panel: PresentPanel, focus = false): void {
    this.selected = panel;
    fire(this, 'dl-present-panel', panel);
    if (focus) {
      void this.updateComplete.then(() =>
        this.renderRoot.querySelector<HTMLButtonElement>(`[data-panel='${panel}']`)?.focus(),
      );
    }
  }

  readonly #onKey = (event: KeyboardEvent): void => {
    const at = PRESENT_PANELS.indexOf(this.selected);
    const last = PRESENT_PANELS.length - 1;
    const to =
      event.key === 'ArrowRight'
        ? (at + 1) % PRESENT_PANELS.length
        : event.key === 'ArrowLeft'
          ? (at + last) % PRESENT_PANELS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    const panel = PRESENT_PANELS[to];
    if (!panel) return;
    event.preventDefault();
    this.#pick(panel, true);
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'dl-present-panels': DlPresentPanels;
  }
}
