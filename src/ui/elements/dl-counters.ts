import { css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Counters } from '../../core/reduce/driver.js';
import { t } from '../i18n/i18n.js';
import { shared } from '../styles/shared.js';
import { LocalizedElement } from './localized-element.js';

/**
 * The run's counters: the article's calls (the confirmation and the trials, said under the
 * number, so that a class counting arrows finds the one more), executions after the cache,
 * cache hits.
 */
@customElement('dl-counters')
export class DlCounters extends LocalizedElement {
  static override styles = [
    shared,
    css`
      dl {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem 1.5rem;
        margin: 0;
      }
      div {
        display: flex;
        flex-direction: column-reverse;
        /* The numbers line up at the top, however many lines a label takes. */
        justify-content: flex-end;
      }
      dd {
        margin: 0;
        font-size: 1.6rem;
        font-weight: 700;
        font-variant-numeric: tabular-nums;
      }
      dt {
        color: var(--muted);
        font-size: 0.8rem;
      }
      .split {
        display: block;
      }
      /* On a projector: each number and its name on one line, in the narration's type. */
      :host([presenting]) dl {
        gap: 0.2em 1.4em;
        font-size: var(--present-type, 1.25rem);
      }
      :host([presenting]) div {
        flex-direction: row-reverse;
        align-items: baseline;
        gap: 0.35em;
      }
      :host([presenting]) dd {
        font-size: calc(var(--present-type, 1.25rem) * 1.25);
      }
      :host([presenting]) dt {
        font-size: var(--present-type, 1.25rem);
      }
      :host([presenting]) .split {
        display: inline;
        margin-left: 0.3em;
      }
      :host([presenting]) .split::before {
        content: '(';
      }
      :host([presenting]) .split::after {
        content: ')';
      }
    `,
  ];

  /** The counters at the step shown. */
  @property({ attribute: false }) counters: Counters = { calls: 0, executions: 0, cacheHits: 0 };
  /** The calls that confirmed the start: one (a reduction's input), or two (an isolation's sides). */
  @property({ type: Number }) confirmations = 1;
  /** Presenter mode: the counters on one line, in projector type. */
  @property({ type: Boolean, reflect: true }) presenting = false;
  /** Oracle runs spent on verification, once it is known. */
  @property({ type: Number }) verifyExecutions: number | null = null;
  /**
   * A program's trials refused so far because they no longer parse (never run): the session
   * counts them among its executions; shown apart, the executions shown are those that ran code.
   */
  @property({ type: Number }) unparsed = 0;

  override render() {
    const { calls, executions, cacheHits } = this.counters;
    return html`<dl aria-live="off">
      <div><dt>${t('counters.calls')}${
        calls > 0 ? html`<span class="split">${this.#split(calls)}</span>` : nothing
      }</dt><dd>${calls}</dd></div>
      <div><dt>${t('counters.executions')}</dt><dd>${executions - this.unparsed}</dd></div>
      <div><dt>${t('counters.cacheHits')}</dt><dd>${cacheHits}</dd></div>
      ${
        this.verifyExecutions !== null
          ? html`<div><dt>${t(this.verifyExecutions === 1 ? 'counters.verifyOne' : 'counters.verify')}</dt><dd>${this.verifyExecutions}</dd></div>`
          : nothing
      }
      ${this.unparsed > 0 ? html`<div><dt>${t('counters.unparsed')}</dt><dd>${this.unparsed}</dd></div>` : nothing}
    </dl>`;
  }

  /** The calls said as confirmations and trials, one trial said in the singular. */
  #split(calls: number): string {
    const trials = Math.max(0, calls - this.confirmations);
    const sides = this.confirmations === 2;
    if (trials === 1) return t(sides ? 'counters.splitSidesOne' : 'counters.splitOne');
    return t(sides ? 'counters.splitSides' : 'counters.split', { trials });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'dl-counters': DlCounters;
  }
}
