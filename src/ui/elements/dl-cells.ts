import { css, html, nothing, type TemplateResult } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { formatOutput } from '../../core/oracle/output.js';
import { block } from '../../core/reduce/blocks.js';
import type { Frame } from '../../core/run/timeline.js';
import { t } from '../i18n/i18n.js';
import { blockName } from '../model/narrate.js';
import { shared } from '../styles/shared.js';
import { LocalizedElement } from './localized-element.js';

/** Inputs longer than this are drawn as proportional bars instead of one cell per element. */
const MAX_CELLS = 48;

type Mark = 'plain' | 'tried' | 'gone' | 'restored' | 'changed';

/**
 * The current input drawn as cells, split into the blocks of the trial: the block under trial
 * highlighted, a removed block fading out, a rejected one restored, and the trial's outcome.
 */
@customElement('dl-cells')
export class DlCells extends LocalizedElement {
  static override styles = [
    shared,
    css`
      .blocks {
        display: flex;
        flex-wrap: wrap;
        gap: 0.6rem 0.9rem;
        align-items: flex-start;
        min-height: 4.6rem;
      }
      .block {
        display: flex;
        flex-direction: column;
        align-items: center;
        gap: 0.2rem;
        transition: opacity 0.5s ease;
      }
      .cells {
        display: flex;
        flex-wrap: wrap;
        row-gap: 0.3rem;
        border-radius: 6px;
        outline: 2px solid transparent;
        outline-offset: 3px;
      }
      .cell {
        min-width: 2.6em;
        height: 2.6em;
        padding: 0 0.3em;
        display: grid;
        place-items: center;
        font-family: var(--mono);
        font-size: 1.25rem;
        font-variant-numeric: tabular-nums;
        background: var(--block-a);
        border: 1px solid var(--border);
        margin-left: -1px;
      }
      .block:nth-child(even) .cell {
        background: var(--block-b);
      }
      .cell:first-child {
        border-radius: 6px 0 0 6px;
        margin-left: 0;
      }
      .cell:last-child {
        border-radius: 0 6px 6px 0;
      }
      .name {
        font-size: 0.85rem;
        color: var(--muted);
      }
      .tried .cells {
        outline-color: var(--accent);
      }
      .tried .cell {
        background: var(--trial);
      }
      .gone {
        animation: fade 0.9s ease forwards;
      }
      .gone .cell {
        text-decoration: line-through;
        animation: tried 0.9s ease;
      }
      @keyframes tried {
        from {
          background: var(--trial);
        }
      }
      .restored .cells {
        outline: 2px dashed var(--muted);
      }
      @keyframes fade {
        from {
          opacity: 1;
        }
        to {
          opacity: 0.28;
        }
      }
      .cell.changed {
        background: var(--trial);
        font-size: 1rem;
      }
      .bar {
        display: flex;
        width: 100%;
        gap: 3px;
      }
      .segment {
        min-width: 2.5rem;
        height: 2.6rem;
        display: grid;
        place-items: center;
        background: var(--block-a);
        border: 1px solid var(--border);
        border-radius: 6px;
        font-family: var(--mono);
        font-size: 0.85rem;
      }
      .segment:nth-child(even) {
        background: var(--block-b);
      }
      .segment.tried {
        background: var(--trial);
        outline: 2px solid var(--accent);
      }
      .segment.gone {
        animation: fade 0.7s ease forwards;
      }
      .segment.restored {
        outline: 2px dashed var(--muted);
      }
      .result {
        margin-top: 0.8rem;
        display: flex;
        flex-wrap: wrap;
        gap: 0.4rem 1rem;
        align-items: baseline;
        font-size: 1.05rem;
      }
      .badge {
        font-weight: 700;
        padding: 0.1rem 0.55rem;
        border-radius: 999px;
        border: 2px solid currentColor;
      }
      .granularity {
        font-size: 0.85rem;
        color: var(--muted);
        margin-bottom: 0.4rem;
      }
    `,
  ];

  /** The frame to draw; nothing is drawn without one. */
  @property({ attribute: false }) frame: Frame | undefined;

  override render() {
    const frame = this.frame;
    if (!frame) return nothing;
    if (frame.kind !== 'trial') {
      const input = frame.kind === 'end' ? (frame.end.reduced ?? []) : frame.input;
      const long = input.length > MAX_CELLS;
      return html`<div role="img" aria-label=${t('cells.label', { count: input.length })}>
        <div class=${long ? 'bar' : 'blocks'}>
          ${long ? this.#segment(input.length, 0, 1, 'plain') : this.#block(input, 0, 'plain', null)}
        </div>
      </div>`;
    }
    const { row } = frame;
    const parts = row.set ? 1 : (row.granularity ?? 1);
    const range = row.removed ?? row.kept ?? [-1, -1];
    const blocks: TemplateResult[] = [];
    const long = row.before.length > MAX_CELLS;
    for (let i = 0; i < parts; i++) {
      const [lo, hi] = block(i, parts, row.before.length);
      const inTrial = lo === range[0] && hi === range[1];
      const removed = row.removed ? inTrial : row.kept ? !inTrial : false;
      const mark: Mark = row.set
        ? 'plain'
        : removed
          ? row.accepted
            ? 'gone'
            : 'restored'
          : inTrial
            ? 'tried'
            : 'plain';
      const values = row.before.slice(lo, hi);
      blocks.push(
        long
          ? this.#segment(values.length, i, parts, mark)
          : this.#block(values, lo, mark, parts > 1 ? i : null, row.set),
      );
    }
    return html`
      <div class="granularity">${parts > 1 ? t('cells.granularity', { parts }) : ''}</div>
      <div role="img" aria-label=${t('cells.label', { count: row.before.length })}>
        <div class=${long ? 'bar' : 'blocks'}>${blocks}</div>
      </div>
      <div class="result">
        <span class="mono">→ ${long ? t('cells.elements', { count: row.trial.length }) : `[${row.trial.join(', ')}]`}</span>
        <span class="badge outcome-${row.outcome}">${row.outcome} · ${t(row.accepted ? 'mark.accepted' : 'mark.rejected')}</span>
        ${frame.cached ? html`<span class="muted">${t('mark.cached')}</span>` : nothing}
        ${frame.verdict.flaky ? html`<span class="badge outcome-INVALID">${t('mark.flaky', { outcomes: frame.verdict.flaky.join(' → ') })}</span>` : nothing}
        ${
          frame.verdict.expected !== undefined || frame.verdict.actual !== undefined
            ? html`<span class="muted">${t('find.expected')} <b class="mono">${formatOutput(frame.verdict.expected)}</b>,
              ${t('find.actual')} <b class="mono">${formatOutput(frame.verdict.actual)}</b></span>`
            : nothing
        }
        ${
          frame.verdict.error && frame.row.outcome !== 'INVALID'
            ? html`<span class="muted">${frame.verdict.error.name}: ${frame.verdict.error.message}</span>`
            : nothing
        }
      </div>
    `;
  }

  #block(
    values: readonly number[],
    offset: number,
    mark: Mark,
    index: number | null,
    set?: { index: number; from: number; to: number },
  ) {
    return html`<div class="block ${mark}">
      <div class="cells">
        ${values.map((value, k) =>
          set && set.index === offset + k
            ? html`<span class="cell changed">${set.from}→${set.to}</span>`
            : html`<span class="cell">${value}</span>`,
        )}
      </div>
      ${index !== null ? html`<span class="name">${t('cells.block', { name: blockName(index) })}</span>` : nothing}
    </div>`;
  }

  #segment(size: number, index: number, parts: number, mark: Mark) {
    return html`<span class="segment ${mark}" style="flex-grow:${size}" title=${parts <= 26 ? blockName(index) : ''}
      >${size}</span
    >`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'dl-cells': DlCells;
  }
}
