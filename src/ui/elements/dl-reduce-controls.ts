import { css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { KINDS } from '../../core/input/kinds/registry.js';
import { CHASE_KINDS } from '../../core/oracle/chase.js';
import { reducersFor } from '../../core/reduce/reducers.js';
import { fieldValue, fire } from '../events.js';
import { t } from '../i18n/i18n.js';
import { VIEWS } from '../model/kinds/registry.js';
import type { Workspace } from '../model/workspace.js';
import { shared } from '../styles/shared.js';
import { LocalizedElement } from './localized-element.js';

/**
 * What a run does: reduce the failing input, isolate in one of the Debugging Book's modes, or
 * isolate the change of code between yesterday's candidate and today's (dd).
 */
const TASKS = ['reduce', '+-', '-', '+', 'changes'] as const;

/**
 * The reduction's settings: the task (reduce, or isolate against a passing input), reducer, chased outcome, time per call, and (folded away) re-runs,
 * budgets and the cache. Problems that keep the workspace from running are listed here.
 *
 * @fires dl-workspace - `detail: Partial<Workspace>`, a setting the user changed.
 */
@customElement('dl-reduce-controls')
export class DlReduceControls extends LocalizedElement {
  static override styles = [
    shared,
    css`
      .more {
        margin-top: 0.4rem;
      }
      .more summary {
        cursor: pointer;
        color: var(--muted);
        font-size: 0.85rem;
      }
      .problems {
        margin: 0.5rem 0 0;
        padding-left: 1.2rem;
        color: var(--fail);
        font-size: 0.9rem;
      }
      .note {
        margin: 0.5rem 0 0;
        max-width: 40rem;
        color: var(--muted);
        font-size: 0.9rem;
      }
      label.passing {
        margin-top: 0.5rem;
      }
      label.passing textarea {
        width: min(100%, 34rem);
        resize: vertical;
        font-size: 1rem;
      }
      label.check {
        flex-direction: row;
        align-items: center;
        gap: 0.3rem;
        color: var(--text);
      }
    `,
  ];

  @property({ attribute: false }) workspace!: Workspace;
  /** Why the workspace cannot run as it is (shown under the settings). */
  @property({ attribute: false }) problems: readonly string[] = [];

  override render() {
    const ws = this.workspace;
    const tasks = TASKS.filter((task) =>
      task === 'changes' ? ws.mode === 'pair' : task === 'reduce' || !KINDS[ws.kind].tree,
    );
    const task = ws.changes !== null ? 'changes' : (ws.isolate ?? 'reduce');
    return html`<section class="panel" aria-labelledby="reduce-title">
      <h2 id="reduce-title">${t('reduce.heading')}</h2>
      <div class="row">
        <label>${t('reduce.task')}
          <select @change=${this.#onTask}>
            ${tasks.map((each) => html`<option value=${each} ?selected=${task === each}>${t(`task.${each}`)}</option>`)}
          </select>
        </label>
        ${
          ws.isolate === null
            ? html`<label>${t('reduce.reducer')}
          <select @change=${(e: Event) => this.#patch({ reducer: fieldValue(e) as Workspace['reducer'] })}>
            ${(KINDS[ws.kind].text && ws.split === 'syntax' ? (['pipeline', 'syntax'] as const) : reducersFor(ws.kind)).map((name) => html`<option value=${name} ?selected=${ws.reducer === name}>${t(`reducer.${name}`)}</option>`)}
          </select>
        </label>`
            : nothing
        }
        <label>${t('reduce.chase')}
          <select @change=${(e: Event) => this.#patch({ chase: fieldValue(e) as Workspace['chase'] })}>
            ${CHASE_KINDS.map((kind) => html`<option value=${kind} ?selected=${ws.chase === kind}>${t(`reduce.chase.${kind}`)}</option>`)}
          </select>
        </label>
        ${
          ws.chase === 'crash'
            ? html`<label>${t('reduce.signature')}<input .value=${ws.signature} @change=${(e: Event) => this.#patch({ signature: fieldValue(e) })} /></label>`
            : nothing
        }
        <label>${t('reduce.budget')}<input type="number" min="10" max="3600000" step="10" .value=${String(ws.callMs)}
          @change=${(e: Event) => {
            const ms = Number(fieldValue(e));
            if (Number.isFinite(ms)) this.#patch({ callMs: ms });
          }} /></label>
      </div>
      ${ws.changes !== null ? html`<p class="note">${t('reduce.changesNote')}</p>` : nothing}
      ${
        ws.isolate !== null && ws.changes === null
          ? html`<label class="passing">${t('reduce.passing')}
          <textarea class="mono" rows="2" spellcheck="false" .value=${ws.passing}
            placeholder=${VIEWS[ws.kind].example}
            @change=${(e: Event) => this.#patch({ passing: fieldValue(e) })}></textarea></label>`
          : nothing
      }
      <details class="more">
        <summary>${t('reduce.more')}</summary>
        <div class="row">
          <label>${t('reduce.repeats')}<input type="number" min="0" max="10" step="1" .value=${String(ws.repeats)}
            @change=${(e: Event) => {
              const repeats = Number(fieldValue(e));
              if (Number.isFinite(repeats)) this.#patch({ repeats });
            }} /></label>
          ${this.#limit('reduce.maxTrials', 'maxTrials', ws.maxTrials)}
          ${this.#limit('reduce.maxMs', 'maxMs', ws.maxMs)}
          <label class="check"><input type="checkbox" .checked=${ws.cache}
            @change=${(e: Event) => this.#patch({ cache: (e.target as HTMLInputElement).checked })} />${t('reduce.cache')}</label>
        </div>
      </details>
      ${this.problems.length > 0 ? html`<ul class="problems" role="alert">${this.problems.map((problem) => html`<li>${problem}</li>`)}</ul>` : nothing}
    </section>`;
  }

  /** An optional whole-number limit: empty means none. */
  #limit(label: Parameters<typeof t>[0], key: 'maxTrials' | 'maxMs', current: number | null) {
    return html`<label>${t(label)}<input type="number" min="0" step="1" placeholder=${t('reduce.none')}
      .value=${current === null ? '' : String(current)}
      @change=${(e: Event) => {
        const text = fieldValue(e).trim();
        const n = Number(text);
        if (text === '') this.#patch({ [key]: null });
        else if (Number.isSafeInteger(n) && n >= 0) this.#patch({ [key]: n });
      }} /></label>`;
  }

  /** A task chosen: reducing, or isolating in one of the three modes. */
  readonly #onTask = (event: Event) => {
    const task = fieldValue(event) as (typeof TASKS)[number];
    const ws = this.workspace;
    if (task === 'changes') {
      // Yesterday's candidate starts as today's: the user edits it back to the version that passed.
      this.#patch({ isolate: '+-', changes: ws.changes ?? ws.candidate, source: 'paste' });
    } else this.#patch({ isolate: task === 'reduce' ? null : task, changes: null });
  };

  #patch(patch: Partial<Workspace>) {
    fire(this, 'dl-workspace', patch);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'dl-reduce-controls': DlReduceControls;
  }
}
