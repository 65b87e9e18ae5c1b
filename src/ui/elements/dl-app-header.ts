import { html, LitElement, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { fire } from '../events.js';
import { LocaleController, t } from '../i18n/i18n.js';
import './dl-language-switch.js';

/**
 * The page header: the title, the tagline, and the actions on the whole workspace (in presenter
 * mode, those a class needs).
 * Light DOM: the page's stylesheet lays it out.
 *
 * @fires dl-gallery - open the lessons.
 * @fires dl-share - make a permalink.
 * @fires dl-import - import a session file.
 * @fires dl-present - switch presenter mode on or off.
 * @fires dl-export - export the session shown.
 */
@customElement('dl-app-header')
export class DlAppHeader extends LitElement {
  /** Whether there is a session to export. */
  @property({ type: Boolean }) exportable = false;
  /** Whether presenter mode is on. */
  @property({ type: Boolean }) presenting = false;
  protected readonly localeController = new LocaleController(this);

  protected override createRenderRoot() {
    return this;
  }

  override render() {
    return html`<header class="app-header">
      <h1><span aria-hidden="true">Δ</span> ${t('app.title')}</h1>
      <p class="tagline">${t('app.tagline')}</p>
      <nav class="app-nav" aria-label=${t('lessons.label')}>
        <button class="nav-button" @click=${() => fire(this, 'dl-gallery')}>${t('lessons.open')}</button>
        <button class="nav-button" aria-pressed=${this.presenting} title="?present" @click=${() => fire(this, 'dl-present')}>${t('nav.present')}</button>
        <button class="nav-button" title="Ctrl+S" @click=${() => fire(this, 'dl-share')}>${t('nav.share')}</button>
        ${
          // A class needs neither: the header stays one line on a projector, over the stage.
          this.presenting
            ? nothing
            : html`<button class="nav-button" @click=${() => fire(this, 'dl-import')}>${t('nav.import')}</button>
        <button class="nav-button" ?disabled=${!this.exportable} @click=${() => fire(this, 'dl-export')}>${t('nav.export')}</button>`
        }
        <dl-language-switch></dl-language-switch>
      </nav>
    </header>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'dl-app-header': DlAppHeader;
  }
}
