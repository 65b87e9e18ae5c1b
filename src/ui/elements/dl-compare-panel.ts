import { css, html, nothing, svg } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { Shape } from '../../core/input/kinds.js';
import { INT_ARRAY } from '../../core/input/kinds.js';
import type { CompareRow } from '../../core/reduce/compare-reducers.js';
import type { CompareReply } from '../../protocol/reducer.js';
import { fire } from '../events.js';
import { t } from '../i18n/i18n.js';
import { countText, inputText } from '../model/units-view.js';
import { errorText } from '../model/verdict-text.js';
import { shared } from '../styles/shared.js';
import { LocalizedElement } from './localized-element.js';

/** Starts the comparison in the reducer worker; the panel is told each reducer's row. */
export type CompareRunner = (
  progress: (rows: readonly CompareRow[]) => void,
) => Promise<CompareReply>;

/** Line colours, one per reducer, told apart by dash too (for colour-blind eyes). */
const LINES = [
  ['var(--accent)', ''],
  ['var(--fail)', '6 3'],
  ['var(--pass)', '2 3'],
  ['var(--muted)', '10 3 2 3'],
  ['currentColor', '1 2'],
] as const;

/**
 * Several reducers side by side on the failure shown: each reduces the same input live, with an
 * outcome cache of its own; a table of calls, executions, cache hits and results, and their
 * length plots overlaid (size of the current input by call). It runs in the reducer worker and
 * can be cancelled.
 *
 * @fires dl-cancel - Cancel while the comparison runs.
 */
@customElement('dl-compare-panel')
export class DlComparePanel extends LocalizedElement {
  static override styles = [
    shared,
    css`
      table {
        border-collapse: collapse;
        margin: 0.6rem 0;
      }
      th,
      td {
        padding: 0.2rem 0.9rem 0.2rem 0;
        text-align: left;
      }
      td.n {
        text-align: right;
        font-variant-numeric: tabular-nums;
      }
      .key {
        display: inline-block;
        width: 1.6rem;
        vertical-align: middle;
      }
      svg {
        width: 100%;
        max-width: 40rem;
        height: auto;
      }
      .axis {
        font-size: 11px;
        fill: currentColor;
      }
      .frame {
        stroke: var(--border);
        fill: none;
      }
    `,
  ];

  /** Runs the comparison (null when no reduction is shown, or its kind has one reducer). */
  @property({ attribute: false }) runner: CompareRunner | null = null;
  /** How the inputs are cut into units. */
  @property({ attribute: false }) shape: Shape = INT_ARRAY;
  /** What the comparison is about: a new key (another run, other code) clears the last answer. */
  @property() key = '';
  @state() private _rows: readonly CompareRow[] | null = null;
  @state() private _running = false;
  @state() private _error = '';
  #shownKey = '';

  override willUpdate(): void {
    if (this.key !== this.#shownKey) {
      this.#shownKey = this.key;
      this._rows = null;
      this._error = '';
    }
  }

  override render() {
    if (!this.runner) return nothing;
    return html`<section class="panel" aria-labelledby="compare-title">
      <h3 id="compare-title">${t('compare.heading')}</h3>
      <p class="muted">${t('compare.intro')}</p>
      <div class="row">
        ${
          this._running
            ? html`<span role="status">${t('compare.running', { done: this._rows?.length ?? 0 })}</span>
              <button @click=${() => fire(this, 'dl-cancel')}>${t('regress.cancel')}</button>`
            : html`<button class="primary" @click=${() => this.#start()}>${t('compare.button')}</button>`
        }
      </div>
      ${this._error ? html`<p role="alert">${this._error}</p>` : nothing}
      ${this._rows && this._rows.length > 0 ? this.#table(this._rows) : nothing}
      ${this._rows && this._rows.length > 0 ? this.#plot(this._rows) : nothing}
    </section>`;
  }

  async #start() {
    const runner = this.runner;
    if (!runner) return;
    const key = this.key;
    this._rows = [];
    this._error = '';
    this._running = true;
    try {
      const reply = await runner((rows) => {
        if (key === this.key) this._rows = rows;
      });
      if (key !== this.key) return;
      if (reply.ok) this._rows = reply.rows;
      else if ('cancelled' in reply) this._error = t('regress.cancelled');
      else if ('errors' in reply)
        this._error = reply.errors.map((e) => `${e.role}: ${errorText(e)}`).join('; ');
      else this._error = reply.failure.message;
    } finally {
      this._running = false;
    }
  }

  #table(rows: readonly CompareRow[]) {
    return html`<table aria-label=${t('compare.table')}>
      <thead><tr>
        <th scope="col">${t('compare.reducer')}</th><th scope="col">${t('counters.calls')}</th>
        <th scope="col">${t('counters.executions')}</th><th scope="col">${t('counters.cacheHits')}</th>
        <th scope="col">${t('compare.result')}</th><th scope="col">${t('compare.verified')}</th>
      </tr></thead>
      <tbody>
        ${rows.map(
          (row, i) => html`<tr>
            <td><svg class="key" viewBox="0 0 24 8" aria-hidden="true">${line(i, [
              [0, 4],
              [24, 4],
            ])}</svg> ${rowName(row)}</td>
            <td class="n">${row.calls}</td><td class="n">${row.executions}</td><td class="n">${row.cacheHits}</td>
            ${
              row.split
                ? html`<td class="size">${countText(row.size, { kind: 'string', split: 'chars' })}${row.unparsed ? html` <span class="muted">(${t('compare.unparsed', { count: row.unparsed })})</span>` : nothing}</td>`
                : html`<td class="mono">${inputText(row.reduced, this.shape, 12)}</td>`
            }
            <td>${row.verified ? t('verify.yes') : t('verify.no')}</td>
          </tr>`,
        )}
      </tbody>
    </table>`;
  }

  /** The length plots overlaid: the current input's size after each call, per reducer. */
  #plot(rows: readonly CompareRow[]) {
    const [w, h, left, bottom, top] = [480, 200, 34, 24, 8];
    const maxCalls = Math.max(2, ...rows.map((row) => row.sizes.length));
    const maxSize = Math.max(1, ...rows.map((row) => row.sizes[0] ?? 0));
    const x = (call: number) => left + ((call - 1) * (w - left - 6)) / (maxCalls - 1);
    const y = (size: number) => top + ((maxSize - size) * (h - top - bottom)) / maxSize;
    return html`<figure>
      <svg viewBox="0 0 ${w} ${h}" role="img" aria-label=${t('compare.plot', { calls: maxCalls })}>
        <rect class="frame" x=${left} y=${top} width=${w - left - 6} height=${h - top - bottom}></rect>
        <text class="axis" x=${left - 4} y=${top + 10} text-anchor="end">${maxSize}</text>
        <text class="axis" x=${left - 4} y=${h - bottom} text-anchor="end">0</text>
        <text class="axis" x=${left} y=${h - 6}>1</text>
        <text class="axis" x=${w - 6} y=${h - 6} text-anchor="end">${t('compare.calls', { calls: maxCalls })}</text>
        ${rows.map((row, i) =>
          line(
            i,
            row.sizes.map((size, k) => [x(k + 1), y(size)] as [number, number]),
          ),
        )}
      </svg>
    </figure>`;
  }
}

/** A row's name: its reducer, and the split it cut the text by when the rows are by splits. */
function rowName(row: CompareRow): string {
  if (!row.split || row.split === 'syntax') return row.reducer;
  return `${row.reducer} · ${t(`split.${row.split}`)}`;
}

/** Reducer `i`'s line through `points`. */
function line(i: number, points: [number, number][]) {
  const [colour, dash] = LINES[i % LINES.length] as (typeof LINES)[number];
  return svg`<polyline fill="none" stroke=${colour} stroke-width="2.5" stroke-dasharray=${dash}
    points=${points.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(' ')}></polyline>`;
}

declare global {
  interface HTMLElementTagNameMap {
    'dl-compare-panel': DlComparePanel;
  }
}
