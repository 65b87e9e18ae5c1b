import { css, html, nothing } from 'lit';
import { customElement, property, query } from 'lit/decorators.js';
import { fire } from '../events.js';
import { locale, t } from '../i18n/i18n.js';
import { LESSONS } from '../model/lessons.js';
import { dialog, shared } from '../styles/shared.js';
import { LocalizedElement } from './localized-element.js';

/** One of the user's drafts, as the gallery lists it. */
export interface DraftEntry {
  key: string;
  saved: number;
}

/**
 * The lessons gallery, in a modal dialog: one card per lesson with its title and summary, and
 * the user's own drafts (imports and links they edited) to open or delete.
 *
 * @fires dl-lesson - `detail: string`, the name of the lesson picked.
 * @fires dl-blank - start a blank workspace of one's own.
 * @fires dl-draft - `detail: string`, the key of the draft picked.
 * @fires dl-draft-delete - `detail: string`, the key of the draft to delete.
 */
@customElement('dl-lesson-gallery')
export class DlLessonGallery extends LocalizedElement {
  static override styles = [
    shared,
    dialog,
    css`
      dialog {
        width: min(56rem, 94vw);
      }
      .head {
        display: flex;
        justify-content: space-between;
        align-items: center;
        margin-bottom: 0.6rem;
      }
      ul {
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr));
        gap: 0.7rem;
      }
      button.card {
        width: 100%;
        height: 100%;
        text-align: left;
        display: flex;
        flex-direction: column;
        gap: 0.3rem;
        padding: 0.7rem 0.8rem;
        background: var(--surface);
      }
      button.card[aria-current='true'] {
        border: 2px solid var(--accent);
      }
      .title {
        font-weight: 700;
      }
      .summary,
      .mine {
        font-size: 0.85rem;
        color: var(--muted);
      }
      .drafts {
        display: flex;
        flex-direction: column;
        gap: 0.4rem;
      }
      .drafts li {
        display: flex;
        gap: 0.6rem;
        align-items: center;
      }
      .drafts .name {
        flex: 1;
        overflow-wrap: anywhere;
      }
    `,
  ];

  /** The lesson open now. */
  @property() current = '';
  /** The user's drafts, newest first (a lesson's own draft is marked on its card). */
  @property({ attribute: false }) drafts: readonly DraftEntry[] = [];
  @query('dialog') private _dialog!: HTMLDialogElement;

  /** Opens the gallery. */
  show(): void {
    this._dialog.showModal();
    this._dialog.querySelector<HTMLButtonElement>('button.card[aria-current="true"]')?.focus();
  }

  override render() {
    const lang = locale();
    const keys = new Set(this.drafts.map((draft) => draft.key));
    const own = this.drafts.filter((draft) => !LESSONS.some((lesson) => lesson.name === draft.key));
    return html`<dialog aria-labelledby="gallery-title">
      <div class="head">
        <h2 id="gallery-title">${t('lessons.heading')}</h2>
        <button @click=${() => this._dialog.close()}>${t('lessons.close')}</button>
      </div>
      <ul>
        ${LESSONS.map(
          (lesson) => html`<li>
            <button class="card" aria-current=${lesson.name === this.current} @click=${() => this.#pick(lesson.name)}>
              <span class="title">${lesson.scenario.title[lang]}</span>
              <span class="summary">${lesson.scenario.summary[lang]}</span>
              ${keys.has(lesson.name) ? html`<span class="mine">${t('drafts.lessonDraft')}</span>` : nothing}
            </button>
          </li>`,
        )}
      </ul>
      <h3>${t('drafts.heading')}</h3>
      <p><button class="blank" @click=${this.#blank}>${t('own.blank')}</button></p>
      ${
        own.length === 0
          ? html`<p class="mine">${t('drafts.none')}</p>`
          : html`<ul class="drafts">
              ${own.map(
                (draft) => html`<li>
                  <span class="name">${draft.key}</span>
                  <span class="mine">${draft.saved ? new Date(draft.saved).toLocaleString(lang === 'zh' ? 'zh-CN' : 'en') : ''}</span>
                  <button @click=${() => this.#open(draft.key)}>${t('drafts.open')}</button>
                  <button @click=${() => fire(this, 'dl-draft-delete', draft.key)}>${t('drafts.delete')}</button>
                </li>`,
              )}
            </ul>`
      }
    </dialog>`;
  }

  #pick(name: string) {
    this._dialog.close();
    fire(this, 'dl-lesson', name);
  }

  readonly #blank = () => {
    this._dialog.close();
    fire(this, 'dl-blank');
  };

  #open(key: string) {
    this._dialog.close();
    fire(this, 'dl-draft', key);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'dl-lesson-gallery': DlLessonGallery;
  }
}
