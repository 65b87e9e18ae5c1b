import { LitElement } from 'lit';
import { LocaleController } from '../i18n/i18n.js';

/** A Lit element that re-renders when the UI language changes. */
export class LocalizedElement extends LitElement {
  protected readonly localeController = new LocaleController(this);
}
