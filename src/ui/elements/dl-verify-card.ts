import { css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { IsolationVerification } from '../../core/isolate/verify-isolation.js';
import type { Verification } from '../../core/reduce/driver.js';
import type { MessageKey } from '../i18n/en.js';
import { t } from '../i18n/i18n.js';
import { shared } from '../styles/shared.js';
import { LocalizedElement } from './localized-element.js';

/** The checks of a finished reduction: still fails, subsequence, 1-minimal, consistent history. */
@customElement('dl-verify-card')
export class DlVerifyCard extends LocalizedElement {
  static override styles = [
    shared,
    css`
      ul {
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        gap: 0.3rem;
      }
      li {
        display: flex;
        gap: 0.5rem;
        align-items: baseline;
      }
      .mark {
        font-weight: 700;
        width: 1.2em;
        text-align: center;
      }
      .yes {
        color: var(--pass);
      }
      .no {
        color: var(--fail);
      }
      .unknown {
        color: var(--muted);
      }
    `,
  ];

  /** The verification of the run; `deletionOnly` tells a changed value from a lost order. */
  @property({ attribute: false }) verification: Omit<Verification, 'executions'> | null = null;
  @property({ type: Boolean }) deletionOnly = true;
  /** An isolation's verification instead (its sides and its difference). */
  @property({ attribute: false }) isolated: Omit<IsolationVerification, 'counterexample'> | null =
    null;

  override render() {
    const isolated = this.isolated;
    if (isolated) {
      return html`<div class="panel" role="group" aria-labelledby="title">
        <h3 id="title">${t('verify.heading')}</h3>
        <ul>
          ${this.#item('verify.passPasses', isolated.passPasses)}
          ${this.#item('verify.failFails', isolated.failFails)}
          ${this.#item('verify.differenceMinimal', isolated.oneMinimal)}
        </ul>
      </div>`;
    }
    const v = this.verification;
    if (!v) return html``;
    return html`<div class="panel" role="group" aria-labelledby="title">
      <h3 id="title">${t('verify.heading')}</h3>
      <ul>
        ${this.#item('verify.stillFails', v.stillFails)}
        ${this.#item('verify.subsequence', v.subsequence, v.subsequence || this.deletionOnly ? undefined : t('verify.notSubsequence'))}
        ${this.#item('verify.oneMinimal', v.oneMinimal, v.oneMinimal === null ? t('verify.notChecked') : undefined)}
        ${this.#item('verify.history', v.historyConsistent)}
      </ul>
    </div>`;
  }

  #item(key: MessageKey, value: boolean | null, note?: string) {
    const state = value === null ? 'unknown' : value ? 'yes' : 'no';
    const mark = value === null ? '?' : value ? '✓' : '✗';
    return html`<li>
      <span class="mark ${state}" aria-hidden="true">${mark}</span>
      <span>${t(key)}: <b class=${state}>${note ?? t(value ? 'verify.yes' : 'verify.no')}</b></span>
    </li>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'dl-verify-card': DlVerifyCard;
  }
}
