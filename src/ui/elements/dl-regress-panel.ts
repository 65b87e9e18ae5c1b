import { css, html, nothing, svg } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { MutantName } from '../../core/reduce/regress.js';
import type { RegressProgress, RegressReply } from '../../protocol/reducer.js';
import type { MessageKey } from '../i18n/en.js';
import { t } from '../i18n/i18n.js';
import { shared } from '../styles/shared.js';
import './dl-fix-view.js';
import './dl-growth-plot.js';
import type { FixView } from '../model/fix.js';
import { errorText } from '../model/verdict-text.js';
import { LocalizedElement } from './localized-element.js';

/** Starts the check in the reducer worker; the panel is told its progress. */
export type RegressRunner = (
  progress: (progress: RegressProgress) => void,
) => Promise<RegressReply>;

const MUTANTS: Record<MutantName, MessageKey> = {
  'return-empty': 'regress.mutant.empty',
  'return-original': 'regress.mutant.original',
  'accept-passing': 'regress.mutant.passing',
};

/**
 * The article's ending: fix the candidate and check the fix. The corrected function runs on the
 * original and the reduced input; then every input of the article's value set is judged, each
 * failure of the buggy candidate reduced and verified (a histogram shows the calls each took),
 * the corrected function compared with the reference on all of them, and three broken reducers'
 * answers checked the same way. A second chart shows what those short inputs cannot: the
 * reducer's calls against input length, up to its O(n²) worst case. It runs in the reducer
 * worker and can be cancelled.
 *
 * @fires dl-cancel - Cancel while the check runs.
 */
@customElement('dl-regress-panel')
export class DlRegressPanel extends LocalizedElement {
  static override styles = [
    shared,
    css`
      .row.check {
        margin-top: 0.8rem;
      }
      .row {
        display: flex;
        gap: 0.6rem;
        align-items: center;
        flex-wrap: wrap;
      }
      progress {
        flex: 1;
        min-width: 12rem;
      }
      table {
        border-collapse: collapse;
        margin: 0.6rem 0;
      }
      td {
        padding: 0.15rem 0.8rem 0.15rem 0;
      }
      td.n {
        text-align: right;
        font-variant-numeric: tabular-nums;
        font-weight: 700;
      }
      .pass {
        color: var(--pass);
        font-weight: 700;
      }
      .fail {
        color: var(--fail);
        font-weight: 700;
      }
      svg {
        width: 100%;
        max-width: 36rem;
        height: auto;
      }
      .bar {
        fill: var(--accent, #2b4bd1);
      }
      .axis {
        font-size: 11px;
        fill: currentColor;
      }
      ul {
        margin: 0.3rem 0;
        padding-left: 1.2rem;
      }
    `,
  ];

  /** Runs the check (null when the timeline shown has no reduction of a lesson with a fix). */
  @property({ attribute: false }) runner: RegressRunner | null = null;
  /** The buggy function and its correction, shown side by side (null: the lesson has none). */
  @property({ attribute: false }) fix: FixView | null = null;
  /** What the check is about: a new key (another run, other code) clears the last answer. */
  @property() key = '';
  @state() private _progress: RegressProgress | null = null;
  @state() private _reply: RegressReply | null = null;
  #shownKey = '';

  override willUpdate(): void {
    if (this.key !== this.#shownKey) {
      this.#shownKey = this.key;
      this._reply = null;
    }
  }

  override render() {
    if (!this.runner && !this.fix) return nothing;
    const progress = this._progress;
    return html`<section class="panel" aria-labelledby="regress-title">
      <h3 id="regress-title">${t('regress.heading')}</h3>
      <p class="muted">${t('regress.intro')}</p>
      <dl-fix-view .fix=${this.fix}></dl-fix-view>
      ${this.runner ? this.#check(progress) : nothing}
    </section>`;
  }

  #check(progress: RegressProgress | null) {
    return html`<div class="row check">
        ${
          progress
            ? html`<progress max=${progress.total + progress.failures} .value=${progress.judged + progress.reduced}></progress>
              <span role="status">${progress.total === 0 ? t('regress.starting') : t('regress.progress', { judged: n(progress.judged), total: n(progress.total), failures: n(progress.failures), reduced: n(progress.reduced) })}</span>
              <button @click=${() => this.dispatchEvent(new CustomEvent('dl-cancel', { bubbles: true, composed: true }))}>${t('regress.cancel')}</button>`
            : html`<button class="primary" @click=${() => this.#start()}>${t('regress.button')}</button>`
        }
      </div>
      ${this.#result()}`;
  }

  async #start() {
    const runner = this.runner;
    if (!runner) return;
    const key = this.key;
    this._reply = null;
    // No total yet: the sandboxes are starting (Python's take seconds).
    this._progress = { judged: 0, total: 0, failures: 0, reduced: 0 };
    try {
      const reply = await runner((progress) => {
        this._progress = progress;
      });
      if (key === this.key) this._reply = reply;
    } finally {
      this._progress = null;
    }
  }

  #result() {
    const reply = this._reply;
    if (!reply) return nothing;
    if (!reply.ok) {
      const text =
        'cancelled' in reply
          ? t('regress.cancelled')
          : 'errors' in reply
            ? reply.errors.map((e) => `${e.role}: ${errorText(e)}`).join('; ')
            : reply.failure.message;
      return html`<p role="alert">${text}</p>`;
    }
    const fixed = reply.fixed.original === 'PASS' && reply.fixed.reduced === 'PASS';
    const verdict = (outcome: string) =>
      html`<span class=${outcome === 'PASS' ? 'pass' : 'fail'}>${outcome}</span>`;
    return html`
      <p>${t('regress.fixed.original')} ${verdict(reply.fixed.original)} · ${t('regress.fixed.reduced')} ${verdict(reply.fixed.reduced)}
        — <strong>${t(fixed ? 'regress.fixed.holds' : 'regress.fixed.fails')}</strong></p>
      <table aria-label=${t('regress.table')}>
        <tr><td>${t('regress.inputs')}</td><td class="n">${n(reply.inputs)}</td></tr>
        <tr><td>${t('regress.failures')}</td><td class="n">${n(reply.failures)}</td></tr>
        <tr><td>${t('regress.verified')}</td><td class="n">${n(reply.verified)}</td></tr>
        <tr><td>${t('regress.corrected')}</td><td class="n">${reply.correctedFailures === 0 ? t('regress.corrected.all', { inputs: n(reply.inputs) }) : t('regress.corrected.some', { count: n(reply.correctedFailures) })}</td></tr>
        <tr><td>${t('regress.calls')}</td><td class="n">${n(reply.calls)}</td></tr>
        <tr><td>${t('regress.executions')}</td><td class="n">${n(reply.executions - reply.verifyExecutions)}</td></tr>
        <tr><td>${t('regress.verifyRuns')}</td><td class="n">${n(reply.verifyExecutions)}</td></tr>
      </table>
      ${this.#histogram(reply.histogram)}
      <dl-growth-plot .points=${reply.growth} .ms=${reply.growthMs}></dl-growth-plot>
      <h4>${t('regress.mutants')}</h4>
      <ul>
        ${reply.mutants.map(
          (m) => html`<li>${t(MUTANTS[m.name], { returned: JSON.stringify(m.returned) })}:
            <span class=${m.caught ? 'pass' : 'fail'}>${t(m.caught ? 'regress.caught' : 'regress.missed')}</span>
            (${m.outcome === 'FAIL' ? (m.shrinkable ? t('regress.why.shrinkable') : 'FAIL') : t('regress.why.outcome', { outcome: m.outcome })})</li>`,
        )}
      </ul>`;
  }

  /** Reductions by the calls they took: one bar per number of calls. */
  #histogram(bars: [number, number][]) {
    if (bars.length === 0) return nothing;
    const maxCalls = Math.max(...bars.map(([calls]) => calls));
    const maxCount = Math.max(...bars.map(([, count]) => count));
    const [w, h, left, bottom] = [480, 160, 4, 22];
    const slot = (w - left) / maxCalls;
    const [mode] = [...bars].sort((a, b) => b[1] - a[1])[0] as [number, number];
    return html`<figure>
      <svg viewBox="0 0 ${w} ${h}" role="img" aria-label=${t('regress.histogram.label', { mode, max: maxCalls })}>
        ${bars.map(([calls, count]) => {
          const height = ((h - bottom - 18) * count) / maxCount;
          const x = left + (calls - 1) * slot;
          return svg`<rect class="bar" x=${x + 1} y=${h - bottom - height} width=${Math.max(1, slot - 2)} height=${height}><title>${calls}: ${count}</title></rect>
            <text class="axis" x=${x + slot / 2} y=${h - bottom - height - 3} text-anchor="middle">${count}</text>
            <text class="axis" x=${x + slot / 2} y=${h - 6} text-anchor="middle">${calls}</text>`;
        })}
      </svg>
      <figcaption class="muted">${t('regress.histogram.caption', { mode, max: maxCalls })}</figcaption>
    </figure>`;
  }
}

function n(x: number): string {
  return x.toLocaleString('en-US');
}

declare global {
  interface HTMLElementTagNameMap {
    'dl-regress-panel': DlRegressPanel;
  }
}
