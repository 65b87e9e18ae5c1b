import { css, html, nothing } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import { t } from '../i18n/i18n.js';
import { LINK_WARN } from '../io/permalink.js';
import { dialog, shared } from '../styles/shared.js';
import { LocalizedElement } from './localized-element.js';

/** Shows the permalink just made: its length, whether the session fits, and a Copy button. */
@customElement('dl-share-dialog')
export class DlShareDialog extends LocalizedElement {
  static override styles = [
    shared,
    dialog,
    css`
      dialog {
        width: min(44rem, 94vw);
      }
      label {
        display: flex;
        width: 100%;
      }
      input {
        width: 100%;
        font-family: var(--mono);
        font-size: 0.8rem;
      }
      p {
        margin: 0.5rem 0;
      }
      .warn {
        color: var(--invalid);
        font-weight: 600;
      }
      .actions {
        display: flex;
        gap: 0.5rem;
        justify-content: flex-end;
        margin-top: 0.6rem;
      }
    `,
  ];

  @property() url = '';
  @property({ type: Boolean }) withSession = false;
  @property({ type: Boolean }) copied = false;
  @state() private _copyFailed = false;
  @query('dialog') private _dialog!: HTMLDialogElement;
  @query('input') private _input!: HTMLInputElement;

  /** Opens the dialog with the link selected. */
  async show(): Promise<void> {
    this._copyFailed = false;
    await this.updateComplete;
    this._dialog.showModal();
    this._input.select();
  }

  override render() {
    const length = this.url.length;
    return html`<dialog aria-labelledby="share-title">
      <h2 id="share-title">${t('share.title')}</h2>
      <label>${t('share.label')}<input readonly .value=${this.url} @focus=${() => this._input.select()} /></label>
      <p><b>${t('share.length', { length })}</b>. ${t(this.withSession ? 'share.withSession' : 'share.withoutSession')}</p>
      ${length > LINK_WARN ? html`<p class="warn" role="alert">${t('share.long')}</p>` : nothing}
      ${this.copied ? html`<p role="status">${t('share.copied')}</p>` : nothing}
      ${this._copyFailed ? html`<p class="warn">${t('share.copyFailed')}</p>` : nothing}
      <div class="actions">
        <button class="primary" @click=${this.#copy}>${t('share.copy')}</button>
        <button @click=${() => this._dialog.close()}>${t('share.close')}</button>
      </div>
    </dialog>`;
  }

  async #copy() {
    try {
      await navigator.clipboard.writeText(this.url);
      this.copied = true;
    } catch {
      this._copyFailed = true;
      this._input.select();
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'dl-share-dialog': DlShareDialog;
  }
}
