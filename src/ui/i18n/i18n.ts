import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { fill } from '../../core/text/fill.js';
import { LOCALES, type Locale } from '../../core/text/local-text.js';
import { en, type MessageKey } from './en.js';

export type { Locale, MessageKey };

type Catalog = Record<MessageKey, string>;

/** English is in the first paint; other catalogues load when their locale is first chosen. */
const CATALOGS: Partial<Record<Locale, Catalog>> = { en };
const LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<Catalog>> = {
  zh: () => import('./zh.js').then((module) => module.zh),
};
/** What else a locale needs before it is shown (registered by {@link whenLocaleLoads}). */
const preparers: Array<(locale: Locale) => Promise<void>> = [];
const listeners = new Set<() => void>();
let current: Locale = 'en';
let ready: Promise<void> = Promise.resolve();

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

/**
 * Registers what a locale needs besides its catalogue (say, lesson code with its comments in
 * that language): {@link setLocale} waits for it before it switches.
 */
export function whenLocaleLoads(prepare: (locale: Locale) => Promise<void>): void {
  preparers.push(prepare);
}

/** Loads what `next` needs (its catalogue, and each registered preparer's part). */
async function load(next: Locale): Promise<void> {
  if (next !== 'en' && !CATALOGS[next]) CATALOGS[next] = await LOADERS[next]();
  await Promise.all(preparers.map((prepare) => prepare(next)));
}

/**
 * Switches the UI language once what it needs has loaded; every {@link LocaleController} host
 * then re-renders. Of several calls, the last one wins.
 */
export function setLocale(next: Locale): Promise<void> {
  const loaded = load(next).then(() => {
    if (ready !== loaded || next === current) return;
    current = next;
    document.documentElement.lang = next === 'zh' ? 'zh-CN' : 'en';
    document.title = t('app.documentTitle');
    for (const listener of listeners) listener();
  });
  ready = loaded;
  return loaded;
}

/** Settles once the latest {@link setLocale} has switched (at once when none is pending). */
export function localeReady(): Promise<void> {
  return ready.catch(() => undefined);
}

/** A UI text in the current locale, with `{name}` placeholders filled from `values`. */
export function t(key: MessageKey, values: Record<string, string | number> = {}): string {
  return fill(CATALOGS[current]?.[key] ?? en[key], values);
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
