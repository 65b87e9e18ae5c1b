import { javascript } from './javascript.js';
import { python } from './python.js';
import type { LanguageFacts, RuntimeHome } from './runtime.js';

/**
 * Every runtime by name. A runtime's name is also the name of the sandbox its code runs in: the
 * layers that start sandboxes (a child process, a worker in the page's sandbox frame) keep a
 * table each keyed by it. Adding a runtime: its home, a line here, an entry in each such table.
 */
export const RUNTIMES = { js: javascript, py: python } as const;

/** The runtime a language's sandbox needs: JavaScript (for `js` and `ts`) or Python. */
export type Runtime = keyof typeof RUNTIMES;

type LanguagesOf<H> = H extends RuntimeHome<infer L> ? L : never;

/** The language of user code (`js`, `ts`, `py`): each is one runtime's. */
export type Language = LanguagesOf<(typeof RUNTIMES)[Runtime]>;

/** The language code is taken to be in when nothing says otherwise (a new workspace, a file). */
export const DEFAULT_LANGUAGE: Language = 'js';

/** Runtime names, in menu order. */
export const RUNTIME_NAMES = Object.keys(RUNTIMES) as Runtime[];

/** A language with its facts and its runtime's name. */
export type LanguageEntry = LanguageFacts & { runtime: Runtime };

/** Every language by name, in menu order, each with the runtime it runs on. */
export const LANGUAGES = Object.fromEntries(
  RUNTIME_NAMES.flatMap((runtime) =>
    Object.entries<LanguageFacts>(RUNTIMES[runtime].languages).map(([name, facts]) => [
      name,
      { ...facts, runtime },
    ]),
  ),
) as Readonly<Record<Language, LanguageEntry>>;

/** Language names, in menu order. */
export const LANGUAGE_NAMES = Object.keys(LANGUAGES) as Language[];

/** Whether `name` names a language of user code. */
export function isCodeLanguage(name: unknown): name is Language {
  return typeof name === 'string' && Object.hasOwn(LANGUAGES, name);
}

/** The runtime `language` runs on. */
export function runtimeOf(language: Language): Runtime {
  return LANGUAGES[language].runtime;
}

/** The home of the runtime `language` runs on. */
export function runtimeHome(language: Language): RuntimeHome {
  return RUNTIMES[runtimeOf(language)];
}

/**
 * The language of a code file with `extension` (`.py` is Python, `.mts` TypeScript; as
 * `path.extname` gives it); the default language for any other.
 */
export function languageOfExtension(extension: string): Language {
  const named = LANGUAGE_NAMES.find((name) => LANGUAGES[name].extensions.includes(extension));
  return named ?? DEFAULT_LANGUAGE;
}

/** The extensions of lessons' code files, one per runtime (`js`, `py`). */
export const COMPANION_EXTENSIONS = RUNTIME_NAMES.map((runtime) => RUNTIMES[runtime].companion);
