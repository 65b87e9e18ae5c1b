/** The languages of the product. */
export type Locale = 'en' | 'zh';

/** Every locale, English first (the fallback). */
export const LOCALES: readonly Locale[] = ['en', 'zh'];

/** A text in every language of the product. */
export type LocalText = Record<Locale, string>;
