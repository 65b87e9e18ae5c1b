import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { fill } from '../../core/text/fill.js';
import { LOCALES, type Locale } from '../../core/text/local-text.js';
import { en, type MessageKey } from './en.js';
import { zh } from './zh.js';

export type { Locale, MessageKey };

const CATALOGS: Record<Locale, Record<MessageKey, string>> = { en, zh };
const listeners = new Set<() => void>();
let current: Locale = 'en';

/** The locale the UI shows. */
export function locale(): Locale {
  return current;
}

/** The locale a browser asks for first, among the product's (English when none matches). */
export function preferredLocale(languages: readonly string[]): Locale {
  for (const language of languages) {
    const base = language.toLowerCase().split('-')[0];
    const match = LOCALES.find((candidate) => candidate === base);
    if (match) return match;
  }
  return 'en';
}

/** Switches the UI language; every {@link LocaleController} host re-renders. */
export function setLocale(next: Locale): void {
  if (next === current) return;
  current = next;
  document.documentElement.lang = next === 'zh' ? 'zh-CN' : 'en';
  document.title = t('app.documentTitle');
  for (const listener of listeners) listener();
}

/** A UI text in the current locale, with `{name}` placeholders filled from `values`. */
export function t(key: MessageKey, values: Record<string, string | number> = {}): string {
  return fill(CATALOGS[current][key] ?? en[key], values);
}

/** Calls `listener` after each change of locale, until the returned function is called. */
export function onLocaleChange(listener: () => void): () => void {
  const call = () => listener();
  listeners.add(call);
  return () => listeners.delete(call);
}

/** Re-renders its host when the locale changes. */
export class LocaleController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #listener = () => this.#host.requestUpdate();

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {
    listeners.add(this.#listener);
  }

  hostDisconnected(): void {
    listeners.delete(this.#listener);
  }
}
