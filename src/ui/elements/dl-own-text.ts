import { css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { fieldValue, fire } from '../events.js';
import { locale, t } from '../i18n/i18n.js';
import type { Lesson } from '../model/lessons.js';
import { MAX_NOTES, MAX_TITLE, type OwnText } from '../model/own-text.js';
import { shared } from '../styles/shared.js';
import { LocalizedElement } from './localized-element.js';

/**
 * A workspace of one's own in the lesson's place: a title and notes the user writes (kept in the
 * draft, the link and the session), and, when it began as a lesson, which one and a way back to
 * the lesson's own code.
 *
 * @fires dl-workspace - `detail: { own }`, the title or the notes edited.
 * @fires dl-lesson-reset - back to the lesson's own code and text.
 */
@customElement('dl-own-text')
export class DlOwnText extends LocalizedElement {
  static override styles = [
    shared,
    css`
      h2 {
        font-size: 1.15rem;
        margin: 0 0 0.5rem;
      }
      label {
        display: grid;
        gap: 0.2rem;
        margin-top: 0.5rem;
      }
      input,
      textarea {
        font: inherit;
        padding: 0.35rem 0.5rem;
        border: 1px solid var(--border);
        border-radius: 6px;
        background: var(--surface);
        color: var(--text);
      }
      input.title {
        font-size: 1.1rem;
        font-weight: 700;
      }
      textarea {
        min-height: 5rem;
        resize: vertical;
      }
      .from {
        display: flex;
        flex-wrap: wrap;
        gap: 0.4rem 0.8rem;
        align-items: center;
        margin-top: 0.6rem;
      }
    `,
  ];

  /** The title and notes written so far. */
  @property({ attribute: false }) own: OwnText = { title: '', notes: '' };
  /** The lesson the workspace began as, if any. */
  @property({ attribute: false }) lesson: Lesson | undefined;

  override render() {
    const { own, lesson } = this;
    return html`<section class="panel" aria-labelledby="own-heading">
      <h2 id="own-heading">${own.title.trim() || t('own.heading')}</h2>
      <label>${t('own.title')}
        <input class="title" maxlength=${MAX_TITLE} .value=${own.title} placeholder=${t('own.titlePlaceholder')}
          @input=${(e: Event) => this.#edit({ ...this.own, title: fieldValue(e) })} /></label>
      <label>${t('own.notes')}
        <textarea class="notes" maxlength=${MAX_NOTES} .value=${own.notes} placeholder=${t('own.notesPlaceholder')}
          @input=${(e: Event) => this.#edit({ ...this.own, notes: fieldValue(e) })}></textarea></label>
      ${
        lesson
          ? html`<div class="from muted">
              <span>${t('own.from', { title: lesson.scenario.title[locale()] })}</span>
              <button @click=${() => fire(this, 'dl-lesson-reset')}>${t('lessons.reset')}</button>
            </div>`
          : nothing
      }
    </section>`;
  }

  #edit(own: OwnText) {
    fire(this, 'dl-workspace', { own });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'dl-own-text': DlOwnText;
  }
}
