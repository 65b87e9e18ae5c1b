import './styles/app.css';
import './styles/editors.css';
import './styles/presenter.css';
import { LOCALE_KEY } from './elements/dl-language-switch.js';
import { preferredLocale, setLocale } from './i18n/i18n.js';
import { readStored } from './io/storage.js';
import './elements/delta-lab.js';

const stored = readStored(LOCALE_KEY);
// The page renders once the language's texts are in (English is built in; others load first).
// One that cannot be fetched leaves the page in English; the page's banner says so.
setLocale(stored === 'en' || stored === 'zh' ? stored : preferredLocale(navigator.languages)).catch(
  () => undefined,
);
