import { css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { cutSize } from '../../core/input/edit.js';
import { INT_ARRAY, type Shape } from '../../core/input/kinds.js';
import type { HistoryRow } from '../../core/reduce/types.js';
import type { Frame } from '../../core/run/timeline.js';
import { fire } from '../events.js';
import { type Locale, locale, t } from '../i18n/i18n.js';
import { blockName } from '../model/block-name.js';
import { argumentTrial } from '../model/call-view.js';
import { countText, inputText, unitLabel } from '../model/units-view.js';
import { outputText } from '../model/verdict-text.js';
import { shared } from '../styles/shared.js';
import { LocalizedElement } from './localized-element.js';

type TrialFrame = Extract<Frame, { type: 'trial' }>;

/**
 * The reduction's history: one row per trial up to the step shown, as in the article
 * (`before`, the removed range, the trial, its outcome with expected/actual, accepted).
 *
 * @fires dl-seek - `detail: number`, the frame index of a row the user picked.
 */
@customElement('dl-history-table')
export class DlHistoryTable extends LocalizedElement {
  static override styles = [
    shared,
    css`
      .scroll {
        max-height: 22rem;
        overflow: auto;
      }
      table {
        border-collapse: collapse;
        width: 100%;
        font-size: 0.85rem;
      }
      th,
      td {
        text-align: left;
        padding: 0.25rem 0.5rem;
        border-bottom: 1px solid var(--border);
        vertical-align: top;
      }
      th {
        position: sticky;
        top: 0;
        background: var(--surface);
        color: var(--muted);
        font-weight: 600;
      }
      td.mono {
        min-width: 6rem;
      }
      tr.current {
        background: var(--surface-2);
      }
      tr.future {
        display: none;
      }
      button.link {
        min-height: 0;
        padding: 0 0.3rem;
        border: none;
        background: none;
        color: var(--accent);
        text-decoration: underline;
      }
    `,
  ];

  /** How the frames' inputs are cut into units. */
  @property({ attribute: false }) shape: Shape = INT_ARRAY;
  /** Every frame of the timeline. */
  @property({ attribute: false }) frames: readonly Frame[] = [];
  /** The index of the frame shown. */
  @property({ type: Number }) cursor = 0;

  override render() {
    const rows = this.frames
      .map((frame, index) => ({ frame, index }))
      .filter(
        (entry): entry is { frame: TrialFrame; index: number } => entry.frame.type === 'trial',
      );
    return html`<div class="panel">
      <h3>${t('history.heading')}</h3>
      <div class="scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">${t('history.trial')}</th>
              <th scope="col">${t('history.before')}</th>
              <th scope="col">${t('history.move')}</th>
              <th scope="col">${t('history.input')}</th>
              <th scope="col">${t('history.outcome')}</th>
              <th scope="col">${t('history.accepted')}</th>
            </tr>
          </thead>
          <tbody>
            ${rows.map(({ frame, index }) => this.#row(frame, index))}
          </tbody>
        </table>
      </div>
    </div>`;
  }

  /** Each row's inputs as text, written once per frame and language (a program may be long). */
  readonly #texts = new WeakMap<TrialFrame, { locale: Locale; before: string; trial: string }>();

  #inputs(frame: TrialFrame): { before: string; trial: string } {
    const known = this.#texts.get(frame);
    if (known?.locale === locale()) return known;
    const texts = {
      locale: locale(),
      before: inputText(frame.row.before, this.shape, 12, ', '),
      trial: inputText(frame.row.trial, this.shape, 12, ', '),
    };
    this.#texts.set(frame, texts);
    return texts;
  }

  #row(frame: TrialFrame, index: number) {
    const { row, verdict } = frame;
    const inputs = this.#inputs(frame);
    const state = index === this.cursor ? 'current' : index > this.cursor ? 'future' : '';
    const step = row.isolation;
    // A call's trial cuts one argument: its range is said within that argument.
    const called = argumentTrial(row, this.shape);
    const move = called
      ? t('history.inArgument', {
          argument: called.argument.index + 1,
          move: t(row.removed ? 'history.remove' : 'history.keepOnly', {
            lo: called.lo,
            hi: called.hi,
          }),
        })
      : step
        ? `${t(step.move.endsWith('subset') ? 'history.addBlock' : 'history.takeBlock', { block: blockName(step.block), size: countText(step.blockSize, this.shape) })} → ${step.moved ? t(`move.${step.moved}`) : t('move.none')}`
        : row.removed
          ? row.level !== undefined
            ? t('history.removeLevel', { level: row.level, lo: row.removed[0], hi: row.removed[1] })
            : t('history.remove', { lo: row.removed[0], hi: row.removed[1] })
          : row.kept
            ? t('history.keepOnly', { lo: row.kept[0], hi: row.kept[1] })
            : row.cut && row.cutText !== undefined
              ? t('history.rename', {
                  name: cutName(row),
                  to: row.cutText,
                  count: row.cut.length,
                })
              : row.cut
                ? t('history.cut', {
                    move: t(`move.${row.move ?? 'subtrees'}`),
                    count: cutSize(row.cut),
                  })
                : t('history.set', {
                    index: row.set?.index ?? 0,
                    from: unitLabel(row.set?.from ?? 0, this.shape),
                    to: unitLabel(row.set?.to ?? 0, this.shape),
                  });
    const outputs =
      verdict.expected !== undefined || verdict.actual !== undefined
        ? html`<br /><span class="muted"
              >${outputText(verdict.expected)} / ${outputText(verdict.actual)}</span
            >`
        : nothing;
    return html`<tr class=${state} aria-current=${state === 'current' ? 'step' : 'false'}>
      <td>
        <button class="link" @click=${() => this.#seek(index)} aria-label=${`${t('history.trial')} ${frame.trial}`}>
          ${frame.trial}
        </button>
      </td>
      <td class="mono">${inputs.before}</td>
      <td>${move}</td>
      <td class="mono">${inputs.trial}</td>
      <td><span class="outcome-${row.outcome}">${row.outcome}</span>${outputs}</td>
      <td>${row.accepted ? t('verify.yes') : t('verify.no')}${verdict.flaky ? html` <span class="muted">(${t('mark.flaky', { outcomes: verdict.flaky.join(' → ') })})</span>` : nothing}${frame.cached ? html` <span class="muted">(${t('mark.cached')})</span>` : nothing}</td>
    </tr>`;
  }

  #seek(index: number) {
    fire(this, 'dl-seek', index);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'dl-history-table': DlHistoryTable;
  }
}

/** The name a rename row gave a shorter one: the text of its first span. */
function cutName(row: HistoryRow): string {
  const [lo, hi] = row.cut?.[0] ?? [0, 0];
  return Array.from(String(row.before)).slice(lo, hi).join('');
}
