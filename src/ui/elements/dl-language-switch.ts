import { css, html } from 'lit';
import { customElement } from 'lit/decorators.js';
import type { Locale } from '../../core/text/local-text.js';
import { locale, setLocale, t } from '../i18n/i18n.js';
import { writeStored } from '../io/storage.js';
import { shared } from '../styles/shared.js';
import { LocalizedElement } from './localized-element.js';

/** Where the chosen language is remembered. */
export const LOCALE_KEY = 'deltalab.locale';

const NAMES: Record<Locale, string> = { en: 'English', zh: '简体中文' };

/** Switches the UI between English and 简体中文, and remembers the choice. */
@customElement('dl-language-switch')
export class DlLanguageSwitch extends LocalizedElement {
  static override styles = [
    shared,
    css`
      :host {
        display: inline-block;
      }
      .switch {
        display: inline-flex;
        border: 1px solid var(--border);
        border-radius: 6px;
        overflow: hidden;
      }
      button {
        border: none;
        border-radius: 0;
        min-height: 2rem;
      }
      button[aria-pressed='true'] {
        background: var(--accent);
        color: var(--accent-text);
        font-weight: 600;
      }
    `,
  ];

  override render() {
    const current = locale();
    return html`<div class="switch" role="group" aria-label=${t('lang.label')}>
      ${(Object.keys(NAMES) as Locale[]).map(
        (
          code,
        ) => html`<button lang=${code === 'zh' ? 'zh-CN' : 'en'} aria-pressed=${code === current}
          @click=${() => this.#choose(code)}>${NAMES[code]}</button>`,
      )}
    </div>`;
  }

  #choose(code: Locale) {
    writeStored(LOCALE_KEY, code);
    // A language that cannot be fetched leaves the page as it is; the page's banner says so.
    setLocale(code).catch(() => undefined);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'dl-language-switch': DlLanguageSwitch;
  }
}
