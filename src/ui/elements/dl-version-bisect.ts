import { css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { VersionBisectResult, VersionMark } from '../../core/history/version-bisect.js';
import type { VersionBisectStep } from '../../core/run/version-bisect-transcript.js';
import { fire } from '../events.js';
import { t } from '../i18n/i18n.js';
import { versionBisectText } from '../model/narrate-version-bisect.js';
import { mostTests, versionMarks } from '../model/version-bisect-view.js';
import { shared } from '../styles/shared.js';
import { LocalizedElement } from './localized-element.js';

/** The symbol of each mark: the mark is told by its shape and symbol as well as its colour. */
const SYMBOLS: Record<VersionMark | 'untested', string> = {
  good: '✓',
  bad: '✗',
  skip: '⊘',
  untested: '?',
};

/**
 * A history's bisection, as `git bisect` runs it: the versions in order on a line, each marked
 * good (a round ✓), bad (a square ✗), skipped (a dashed ⊘) or untested (a dotted ?), a tested
 * version drawn solid and one whose mark only follows from another's drawn hollow; the tests so
 * far and the sentence of the last one (announced to screen readers). Its buttons step the
 * tests; once all are shown, one steps into dd of the change between the last good version and
 * the first bad one.
 *
 * @fires dl-bisect-step - `detail: number`, the tests to show.
 * @fires dl-bisecting - `detail: false`, show the dd of the pair found; `true`, the bisection.
 * @fires dl-seek - `detail: 0`, with `dl-bisecting` false: dd from its first frame.
 */
@customElement('dl-version-bisect')
export class DlVersionBisect extends LocalizedElement {
  static override styles = [
    shared,
    css`
      :host {
        display: block;
      }
      ol {
        list-style: none;
        margin: 0.5rem 0;
        padding: 0;
        display: flex;
        flex-wrap: wrap;
        gap: 0.4rem;
      }
      li {
        display: grid;
        justify-items: center;
        gap: 0.15rem;
        min-width: 3rem;
        padding: 0.2rem;
        border-radius: 0.3rem;
      }
      li[aria-current='true'] {
        outline: 3px solid var(--accent, #2563eb);
      }
      .mark {
        display: grid;
        place-items: center;
        width: 2rem;
        height: 2rem;
        font-weight: 700;
        font-size: 1.1rem;
        border: 2px solid currentColor;
      }
      .good {
        color: var(--pass);
        border-radius: 50%;
      }
      .bad {
        color: var(--fail);
        border-radius: 0;
      }
      .skip {
        color: var(--muted);
        border-style: dashed;
        border-radius: 0.4rem;
      }
      .untested {
        color: var(--muted);
        border-style: dotted;
        border-radius: 0.4rem;
      }
      .tested.good {
        background: var(--pass);
        color: #fff;
        border-color: var(--pass);
      }
      .tested.bad {
        background: var(--fail);
        color: #fff;
        border-color: var(--fail);
      }
      .tested.skip {
        background: var(--muted);
        color: #fff;
      }
      .label {
        font-family: var(--mono, monospace);
        font-weight: 600;
      }
      .buttons {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem;
        align-items: center;
      }
      .tests {
        font-weight: 600;
      }
      .narration {
        margin: 0.4rem 0;
      }
      .compact {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.3rem 1rem;
      }
      .compact ol {
        margin: 0;
        gap: 0.15rem;
      }
      .compact li {
        min-width: 2.2rem;
        padding: 0;
      }
      .compact .mark {
        width: 1.5rem;
        height: 1.5rem;
        font-size: 0.9rem;
      }
      :host([presenting]) .mark {
        width: 2.8rem;
        height: 2.8rem;
        font-size: 1.5rem;
      }
      :host([presenting]) .label,
      :host([presenting]) .narration {
        font-size: 1.25rem;
      }
    `,
  ];

  /** The versions' labels, oldest first. */
  @property({ attribute: false }) labels: readonly string[] = [];
  /** The bisection's tests, in order. */
  @property({ attribute: false }) steps: readonly VersionBisectStep[] = [];
  /** Where it ended (null until it has). */
  @property({ attribute: false }) result: VersionBisectResult | null = null;
  /** How many of the tests are shown. */
  @property({ type: Number }) shown = 0;
  /** Whether the bisection is shown (false: the dd of its pair is, below). */
  @property({ type: Boolean }) open = true;
  /** Presenter mode: larger marks and type. */
  @property({ type: Boolean, reflect: true }) presenting = false;

  override render() {
    const { labels, steps, result, open } = this;
    const shown = open ? Math.min(this.shown, steps.length) : steps.length;
    const marks = versionMarks(labels.length, steps, shown);
    const done = shown === steps.length && result !== null;
    const paired = result !== null && result.lastGood >= 0 && result.firstBad < labels.length;
    const pair = paired
      ? { good: labels[result.lastGood] ?? '', bad: labels[result.firstBad] ?? '' }
      : null;
    const tests = steps[shown - 1]?.tests ?? 0;
    const line = html`<ol aria-label=${t('bisect.heading', { count: labels.length })}>
        ${marks.map((m, i) => {
          const mark = t(`bisect.${m.mark}`);
          const label = labels[i] ?? '';
          const name = t(m.tested ? 'bisect.tested' : 'bisect.implied', { label, mark });
          return html`<li aria-current=${m.current ? 'true' : 'false'} aria-label=${name} title=${name}>
            <span class="mark ${m.mark} ${m.tested ? 'tested' : ''}" aria-hidden="true">${SYMBOLS[m.mark]}</span>
            <span class="label" aria-hidden="true">${label}</span>
          </li>`;
        })}
      </ol>`;
    if (!open) {
      // Beside dd: the line of versions and the pair, small, so that dd's sides have the room.
      return html`<div class="panel compact" role="group" aria-label=${t('bisect.heading', { count: labels.length })}>
        ${line}
        ${pair ? html`<strong>${t('bisect.into', pair)}</strong>` : nothing}
        <span class="tests">${t('bisect.tests', { tests, most: mostTests(labels.length) })}</span>
        <button type="button" @click=${() => fire(this, 'dl-bisecting', true)}>${t('bisect.reopen')}</button>
      </div>`;
    }
    return html`<div class="panel" role="group" aria-labelledby="title">
      <h3 id="title">${t('bisect.heading', { count: labels.length })}</h3>
      ${line}
      <p class="narration" aria-live="polite">${versionBisectText(labels, steps, shown, result)}</p>
      <div class="buttons">
        <span class="tests">${t('bisect.tests', { tests, most: mostTests(labels.length) })}</span>
        <button type="button" ?disabled=${shown === 0} @click=${() => fire(this, 'dl-bisect-step', shown - 1)}>${t('bisect.back')}</button>
        <button type="button" class=${done ? '' : 'primary'} ?disabled=${shown >= steps.length} @click=${() => fire(this, 'dl-bisect-step', shown + 1)}>${t('bisect.next')}</button>
        ${
          pair && done
            ? html`<button type="button" class="primary into-dd" @click=${this.#intoDd}>${t('bisect.dd', pair)}</button>`
            : nothing
        }
      </div>
    </div>`;
  }

  readonly #intoDd = () => {
    fire(this, 'dl-bisecting', false);
    fire(this, 'dl-seek', 0);
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'dl-version-bisect': DlVersionBisect;
  }
}
