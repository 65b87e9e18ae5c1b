import { css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { OUTCOMES } from '../../core/oracle/verdict.js';
import type { RunStatus } from '../../core/run/status.js';
import type { SearchProgress } from '../../core/run/timeline.js';
import { t } from '../i18n/i18n.js';
import { shared } from '../styles/shared.js';
import { LocalizedElement } from './localized-element.js';

/**
 * How the search for a failing input goes: while it runs, its attempts, how they came out so
 * far, its time and what is being judged (from the live run's status); once it has stopped
 * without a failure, how far it went.
 */
@customElement('dl-search-progress')
export class DlSearchProgress extends LocalizedElement {
  static override styles = [
    shared,
    css`
      .row {
        margin-top: 0.6rem;
      }
      progress {
        width: 100%;
        height: 0.7rem;
        accent-color: var(--accent);
      }
    `,
  ];

  /** Where the live search is, while it runs. */
  @property({ attribute: false }) status: RunStatus | null = null;
  /** The search's progress as the transcript tells it (shown once it has stopped). */
  @property({ attribute: false }) progress: SearchProgress | null = null;
  /** The attempts the search may make. */
  @property({ type: Number }) max = 0;

  override render() {
    if (this.status?.phase === 'search') return this.#live(this.status);
    if (this.progress && this.progress.found !== true) return this.#stopped(this.progress);
    return nothing;
  }

  #stopped(progress: SearchProgress) {
    const text =
      progress.found === false
        ? t('find.notFound', { attempts: progress.attempts })
        : t('find.progress', { attempts: progress.attempts, max: progress.maxAttempts });
    return html`<div class="row">
      <progress max=${progress.maxAttempts} .value=${progress.attempts} aria-label=${text}></progress>
      <span class="muted" aria-live="polite">${text}</span>
    </div>`;
  }

  #live(status: RunStatus) {
    const tally = OUTCOMES.filter((outcome) => status.outcomes[outcome])
      .map((outcome) => `${status.outcomes[outcome]} ${outcome}`)
      .join(', ');
    const text = t('find.live', {
      attempts: status.attempts,
      max: this.max,
      tally: tally || '—',
      seconds: (status.elapsedMs / 1000).toFixed(1),
    });
    return html`<div class="row">
      <progress max=${this.max} .value=${status.attempts} aria-label=${text}></progress>
      <span class="muted live" role="status">${text}${status.judging > 1 ? html` · ${t('find.judging', { count: status.judging })}` : nothing}</span>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'dl-search-progress': DlSearchProgress;
  }
}
