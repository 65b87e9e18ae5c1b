import { css, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { RunSummary } from '../../core/run/run.js';
import type { Stretch } from '../../core/session/scenario.js';
import { fire } from '../events.js';
import { t } from '../i18n/i18n.js';
import { stretched, stretchLengthOf, stretchLengths } from '../model/stretch.js';
import { shared } from '../styles/shared.js';
import { LocalizedElement } from './localized-element.js';

/** What a reduction of one length cost. */
interface CostRow {
  length: number;
  calls: number;
  executions: number;
  cacheHits: number;
}

/**
 * A lesson's length slider: it makes the lesson's input longer or shorter (the same causes, more
 * filling), and each reduction of one of its lengths adds a row to a table of calls by length,
 * so that a class sees how the cost grows. The rows are forgotten when the code changes.
 *
 * @fires dl-workspace - `detail: Partial<Workspace>`, the input of the length chosen.
 */
@customElement('dl-stretch-panel')
export class DlStretchPanel extends LocalizedElement {
  static override styles = [
    shared,
    css`
      .slider {
        display: flex;
        flex-direction: row;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.4rem 0.8rem;
        margin: 0.4rem 0;
        font-size: 0.95rem;
        color: var(--text);
      }
      .slider input {
        flex: 1 1 14rem;
        max-width: 32rem;
        padding: 0;
        border: 0;
        background: none;
        accent-color: var(--accent);
      }
      .length {
        font-size: 1.3rem;
        font-weight: 700;
        font-variant-numeric: tabular-nums;
        min-width: 3.5em;
      }
      table {
        border-collapse: collapse;
        font-variant-numeric: tabular-nums;
      }
      th,
      td {
        padding: 0.15rem 0.9rem 0.15rem 0;
        text-align: right;
      }
      th {
        color: var(--muted);
        font-weight: 600;
        font-size: 0.85rem;
      }
      .current td {
        font-weight: 700;
      }
      p {
        margin: 0.3rem 0;
      }
    `,
  ];

  /** The lesson's stretch; nothing shows without one. */
  @property({ attribute: false }) stretch: Stretch | undefined;
  /** The failing input the workspace holds now, as its paste box writes it. */
  @property() failing = '';
  /** The reduction shown (recorded or live), if it ended. */
  @property({ attribute: false }) summary: RunSummary | null = null;
  /** The lesson and its code: a new key forgets the rows. */
  @property() key = '';
  @state() private _rows = new Map<number, CostRow>();

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('key')) this._rows = new Map();
    if ((changed.has('summary') || changed.has('key')) && this.stretch && this.summary) {
      const { original, status, calls, executions, cacheHits } = this.summary;
      const length = stretchLengthOf(this.stretch, original);
      if (length !== null && status === 'reduced') {
        this._rows = new Map(this._rows).set(length, { length, calls, executions, cacheHits });
      }
    }
  }

  override render() {
    const { stretch } = this;
    if (!stretch) return nothing;
    const lengths = stretchLengths(stretch);
    const current = this.#current(stretch);
    const index = current === null ? 0 : Math.max(0, lengths.indexOf(current));
    const rows = [...this._rows.values()].sort((a, b) => a.length - b.length);
    return html`<section class="panel" aria-labelledby="stretch-title">
      <h3 id="stretch-title">${t('stretch.heading')}</h3>
      <label class="slider">
        <span>${t('stretch.length')}</span>
        <input type="range" min="0" max=${lengths.length - 1} step="1" .value=${String(index)}
          aria-valuetext=${current === null ? t('stretch.other') : t('stretch.elements', { n: current })}
          @input=${(event: Event) => this.#choose(lengths, event)} />
        <output class="length">${current ?? '—'}</output>
      </label>
      <p class="muted">${t('stretch.hint')}</p>
      ${rows.length > 0 ? this.#table(rows, current) : nothing}
    </section>`;
  }

  #table(rows: CostRow[], current: number | null) {
    return html`<table>
      <caption class="visually-hidden">${t('stretch.caption')}</caption>
      <thead><tr>
        <th scope="col">${t('stretch.col.length')}</th>
        <th scope="col">${t('counters.calls')}</th>
        <th scope="col">${t('counters.executions')}</th>
        <th scope="col">${t('counters.cacheHits')}</th>
        <th scope="col">${t('stretch.col.half')}</th>
      </tr></thead>
      <tbody>${rows.map((row) => {
        const half = this._rows.get(row.length / 2);
        const more = half ? row.calls - half.calls : null;
        return html`<tr class=${row.length === current ? 'current' : ''}>
          <td>${row.length}</td><td>${row.calls}</td><td>${row.executions}</td>
          <td>${row.cacheHits}</td><td>${more === null ? '' : `${more >= 0 ? '+' : ''}${more}`}</td>
        </tr>`;
      })}</tbody>
    </table>`;
  }

  /** The length of the workspace's input, when it is one of the stretch's. */
  #current(stretch: Stretch): number | null {
    try {
      return stretchLengthOf(stretch, JSON.parse(this.failing));
    } catch {
      return null;
    }
  }

  #choose(lengths: number[], event: Event) {
    const n = lengths[Number((event.target as HTMLInputElement).value)];
    if (n === undefined || !this.stretch) return;
    fire(this, 'dl-workspace', {
      source: 'paste',
      failing: JSON.stringify(stretched(this.stretch, n)),
    });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'dl-stretch-panel': DlStretchPanel;
  }
}
