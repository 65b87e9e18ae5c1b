import { css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { fire } from '../events.js';
import { locale, t } from '../i18n/i18n.js';
import { type Lesson, lessonText, loadLessonText } from '../model/lessons.js';
import { shared } from '../styles/shared.js';
import { LocalizedElement } from './localized-element.js';

/**
 * The current lesson: its title and text in the UI language, and a Reset to its original code.
 * The text is data from `examples/`, rendered as plain paragraphs (never as HTML).
 *
 * @fires dl-lesson-reset - put the lesson's own code and settings back.
 */
@customElement('dl-lesson-text')
export class DlLessonText extends LocalizedElement {
  static override styles = [
    shared,
    css`
      .head {
        display: flex;
        gap: 0.6rem;
        align-items: baseline;
        justify-content: space-between;
        flex-wrap: wrap;
      }
      h2 {
        font-size: 1.15rem;
        margin: 0;
      }
      p {
        margin: 0.5rem 0 0;
        max-width: 70ch;
      }
      .actions {
        display: flex;
        gap: 0.4rem;
      }
    `,
  ];

  @property({ attribute: false }) lesson: Lesson | undefined;
  /** Whether the workspace still holds the lesson's own code and settings. */
  @property({ type: Boolean }) pristine = true;
  @state() private _open = true;

  override render() {
    const lesson = this.lesson;
    if (!lesson) return nothing;
    const lang = locale();
    const text = lessonText(lesson);
    if (!text) this.#load(lesson);
    const paragraphs = text ? text[lang].split(/\n\s*\n/) : [];
    return html`<section class="panel" aria-labelledby="lesson-title">
      <div class="head">
        <h2 id="lesson-title">${lesson.scenario.title[lang]}</h2>
        <div class="actions">
          <button aria-expanded=${this._open} @click=${() => (this._open = !this._open)}>
            ${t(this._open ? 'lessons.hide' : 'lessons.show')}
          </button>
          <button ?disabled=${this.pristine} @click=${this.#reset}>${t('lessons.reset')}</button>
        </div>
      </div>
      ${this._open ? paragraphs.map((text) => html`<p>${text}</p>`) : nothing}
    </section>`;
  }

  /** Loads the lesson's text, then renders again if it is still the lesson shown. */
  #load(lesson: Lesson) {
    loadLessonText(lesson).then(
      () => {
        if (this.lesson === lesson) this.requestUpdate();
      },
      () => undefined,
    );
  }

  #reset() {
    fire(this, 'dl-lesson-reset');
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'dl-lesson-text': DlLessonText;
  }
}
