import { css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { INT_ARRAY, type Shape } from '../../core/input/kinds.js';
import type { ReducerName } from '../../core/reduce/types.js';
import type { Frame } from '../../core/run/timeline.js';
import { t } from '../i18n/i18n.js';
import { ARTICLE_REDUCER, algorithmStep } from '../model/algorithm.js';
import { shared } from '../styles/shared.js';
import { LocalizedElement } from './localized-element.js';

/**
 * The reducer's own loop beside the stage: the article's `reduce_failure` with the line the frame
 * shown stops at highlighted and its variables' values, in step with the player. It follows runs
 * of the article's reducer (`chunks`); for another reducer it says so. Closed until opened, so
 * that it does not push the rest of the page down.
 */
@customElement('dl-algorithm-pane')
export class DlAlgorithmPane extends LocalizedElement {
  static override styles = [
    shared,
    css`
      summary {
        cursor: pointer;
      }
      summary h3 {
        display: inline;
        margin: 0;
      }
      .body {
        margin-top: 0.6rem;
        display: flex;
        flex-wrap: wrap;
        gap: 0.8rem 1.4rem;
        align-items: flex-start;
      }
      ol {
        margin: 0;
        padding: 0;
        list-style: none;
        font-family: var(--mono);
        font-size: 0.85rem;
        line-height: 1.45;
        counter-reset: line;
        overflow-x: auto;
        flex: 1 1 36rem;
      }
      li {
        white-space: pre;
        counter-increment: line;
        padding-right: 0.6rem;
        border-radius: 4px;
      }
      li::before {
        content: counter(line);
        display: inline-block;
        width: 2.2em;
        color: var(--muted);
        text-align: right;
        margin-right: 0.8em;
      }
      li[aria-current='step'] {
        background: var(--trial);
        outline: 2px solid var(--accent);
        font-weight: 700;
      }
      dl {
        display: grid;
        grid-template-columns: auto auto;
        gap: 0.2rem 0.8rem;
        margin: 0;
        font-family: var(--mono);
      }
      dt {
        color: var(--muted);
      }
      dd {
        margin: 0;
        font-weight: 700;
      }
    `,
  ];

  @property({ attribute: false }) frame: Frame | undefined;
  @property({ attribute: false }) shape: Shape = INT_ARRAY;
  /** The reducer of the run shown. */
  @property() reducer: ReducerName | '' = '';
  /** The trial's verdict is not shown yet ("predict first"). */
  @property({ type: Boolean }) veiled = false;

  /** Drawn only while open: closed, the pane is its heading alone. */
  @state() private _open = false;

  override render() {
    if (!this.frame) return nothing;
    const article = this.reducer === 'chunks';
    const step = article ? algorithmStep(this.frame, this.shape, this.veiled) : null;
    return html`<details class="panel" @toggle=${this.#onToggle}>
      <summary><h3>${t('algorithm.heading')}</h3></summary>
      ${
        !this._open
          ? nothing
          : step
            ? html`<div class="body">
              <ol aria-label=${t('algorithm.code')}>
                ${ARTICLE_REDUCER.map(
                  (text, i) =>
                    html`<li aria-current=${step.line === i + 1 ? 'step' : 'false'}>${text}</li>`,
                )}
              </ol>
              ${
                step.vars.length > 0
                  ? html`<dl aria-label=${t('algorithm.vars')}>
                      ${step.vars.map(([name, value]) => html`<dt>${name}</dt><dd>${value}</dd>`)}
                    </dl>`
                  : nothing
              }
            </div>`
            : html`<p class="muted">${t('algorithm.other', { reducer: this.reducer })}</p>`
      }
    </details>`;
  }

  readonly #onToggle = (event: Event) => {
    this._open = (event.target as HTMLDetailsElement).open;
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'dl-algorithm-pane': DlAlgorithmPane;
  }
}
