import { css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { clipText } from '../../core/text/clip.js';
import { fire } from '../events.js';
import { t } from '../i18n/i18n.js';
import type { FixView } from '../model/fix.js';
import { shared } from '../styles/shared.js';
import { LocalizedElement } from './localized-element.js';

/** The most lines of each function drawn. */
const MAX_LINES = 400;

/**
 * The buggy function beside its correction, the lines the fix changed marked in both, and a
 * button that loads the corrected function into the candidate's editor, and the buggy one back.
 *
 * @fires dl-workspace - `detail: { candidate }`, the function to load into the editor.
 */
@customElement('dl-fix-view')
export class DlFixView extends LocalizedElement {
  static override styles = [
    shared,
    css`
      .pair {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr));
        gap: 0.8rem;
      }
      figure {
        margin: 0;
        min-width: 0;
      }
      figcaption {
        font-weight: 700;
        margin-bottom: 0.3rem;
      }
      pre {
        margin: 0;
        padding: 0.5rem 0.6rem;
        background: var(--surface-2);
        border: 1px solid var(--border);
        border-radius: 6px;
        overflow: auto;
        font-size: 0.85rem;
        line-height: 1.45;
      }
      .line {
        display: block;
        min-height: 1.45em;
      }
      .changed {
        background: var(--trial);
        font-weight: 700;
      }
      .shown {
        color: var(--muted);
        font-weight: 400;
        margin-left: 0.5rem;
      }
      .row {
        margin-top: 0.6rem;
        align-items: center;
      }
    `,
  ];

  /** The two functions and which the editor shows; nothing is drawn without them. */
  @property({ attribute: false }) fix: FixView | null = null;
  /** The candidate the editor held before the correction was loaded (what "back" restores). */
  #before: string | null = null;

  override render() {
    const fix = this.fix;
    if (!fix) return nothing;
    const buggy = fix.buggy.split('\n');
    const corrected = fix.corrected.split('\n');
    const inBuggy = new Set(buggy.map((line) => line.trim()));
    const inCorrected = new Set(corrected.map((line) => line.trim()));
    // Code from a link may hold any line: each is drawn clipped, and at most MAX_LINES of them.
    const lines = (text: string[], other: Set<string>) => [
      ...text
        .slice(0, MAX_LINES)
        .map(
          (line) =>
            html`<span class="line ${other.has(line.trim()) ? '' : 'changed'}">${clipText(line)}</span>`,
        ),
      ...(text.length > MAX_LINES
        ? [html`<span class="line">… ${text.length - MAX_LINES}</span>`]
        : []),
    ];
    return html`<div class="pair">
        <figure>
          <figcaption>${t('fix.buggy')}${fix.loaded ? nothing : html`<span class="shown">${t('fix.inEditor')}</span>`}</figcaption>
          <pre class="mono buggy">${lines(buggy, inCorrected)}</pre>
        </figure>
        <figure>
          <figcaption>${t('fix.corrected')}${fix.loaded ? html`<span class="shown">${t('fix.inEditor')}</span>` : nothing}</figcaption>
          <pre class="mono corrected">${lines(corrected, inBuggy)}</pre>
        </figure>
      </div>
      <div class="row">
        <button class="load" @click=${this.#onLoad}>${t(fix.loaded ? 'fix.back' : 'fix.load')}</button>
      </div>`;
  }

  readonly #onLoad = () => {
    const fix = this.fix;
    if (!fix) return;
    if (fix.loaded) {
      fire(this, 'dl-workspace', { candidate: this.#before ?? fix.buggy });
      this.#before = null;
    } else {
      this.#before = fix.buggy;
      fire(this, 'dl-workspace', { candidate: fix.corrected });
    }
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'dl-fix-view': DlFixView;
  }
}
