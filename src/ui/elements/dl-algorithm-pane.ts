import { css, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import { INT_ARRAY, type Shape } from '../../core/input/kinds.js';
import type { ReducerName } from '../../core/reduce/types.js';
import type { Frame } from '../../core/run/timeline.js';
import { t } from '../i18n/i18n.js';
import { isTwin } from '../model/algorithm/listing.js';
import { type AlgorithmStep, algorithmStep, type StepNote } from '../model/algorithm/step.js';
import { blockName } from '../model/narrate.js';
import { shared } from '../styles/shared.js';
import { LocalizedElement } from './localized-element.js';

/**
 * The reducer's own loop beside the stage, in step with the player: for `chunks` the article's
 * `reduce_failure`, for every other reducer a TypeScript twin of its source, with the line the
 * frame shown stops at highlighted, the variables' values there and what the trial does. Closed
 * until opened, so that it does not push the rest of the page down.
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
      .source,
      .note {
        margin: 0.5rem 0 0;
      }
      .note {
        font-weight: 700;
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
        font-size: 0.9rem;
        line-height: 1.45;
        counter-reset: line;
        overflow: auto;
        max-height: 36rem;
        flex: 1 1 36rem;
        position: relative;
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
        outline-offset: -2px;
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

  /** Opened by its owner (presenter mode shows it as one of the panels below the stage). */
  @property({ type: Boolean }) expanded = false;

  /** Drawn only while open: closed, the pane is its heading alone. */
  @state() private _open = false;

  @query('li[aria-current="step"]') private _current!: HTMLLIElement | null;

  override render() {
    if (!this.frame || !this.reducer) return nothing;
    return html`<details class="panel" ?open=${this.expanded || this._open} @toggle=${this.#onToggle}>
      <summary><h3>${t('algorithm.heading')}</h3></summary>
      ${this._open ? this.#body(algorithmStep(this.reducer, this.frame, this.shape, this.veiled)) : nothing}
    </details>`;
  }

  /** Keeps the marked line in view when the listing is taller than its box. */
  override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const line = this._current;
    const list = line?.parentElement;
    if (!line || !list || list.scrollHeight <= list.clientHeight) return;
    const top = line.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + line.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = Math.max(0, top - list.clientHeight / 3);
    }
  }

  #body(step: AlgorithmStep) {
    const { listing } = step;
    if (!listing) return nothing;
    const twin = isTwin(listing);
    const names = { name: listing.name, file: listing.file };
    return html`${twin ? html`<p class="source muted">${t('algorithm.twin', names)}</p>` : nothing}
      ${step.note ? html`<p class="note">${noteText(step.note)}</p>` : nothing}
      <div class="body">
        <ol aria-label=${twin ? t('algorithm.codeOf', names) : t('algorithm.code')}>
          ${listing.lines.map(
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
      </div>`;
  }

  readonly #onToggle = (event: Event) => {
    this._open = (event.target as HTMLDetailsElement).open;
  };
}

/** A step's note in the UI language, its block named as the cells name it. */
function noteText(note: StepNote): string {
  const { block } = note.values;
  return t(
    note.key,
    typeof block === 'number' ? { ...note.values, block: blockName(block) } : note.values,
  );
}

declare global {
  interface HTMLElementTagNameMap {
    'dl-algorithm-pane': DlAlgorithmPane;
  }
}
