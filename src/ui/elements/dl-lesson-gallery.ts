import { css, html } from 'lit';
import { customElement, property, query } from 'lit/decorators.js';
import { fire } from '../events.js';
import { locale, t } from '../i18n/i18n.js';
import { LESSONS } from '../model/lessons.js';
import { dialog, shared } from '../styles/shared.js';
import { LocalizedElement } from './localized-element.js';

/**
 * The lessons gallery, in a modal dialog: one card per lesson with its title and summary.
 *
 * @fires dl-lesson - `detail: string`, the name of the lesson picked.
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
      .summary {
        font-size: 0.85rem;
        color: var(--muted);
      }
    `,
  ];

  /** The lesson open now. */
  @property() current = '';
  @query('dialog') private _dialog!: HTMLDialogElement;

  /** Opens the gallery. */
  show(): void {
    this._dialog.showModal();
    this._dialog.querySelector<HTMLButtonElement>('button.card[aria-current="true"]')?.focus();
  }

  override render() {
    const lang = locale();
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
            </button>
          </li>`,
        )}
      </ul>
    </dialog>`;
  }

  #pick(name: string) {
    this._dialog.close();
    fire(this, 'dl-lesson', name);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'dl-lesson-gallery': DlLessonGallery;
  }
}
