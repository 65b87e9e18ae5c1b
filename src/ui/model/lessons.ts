import type { CodeRef, Language, SessionCode } from '../../core/code/refs.js';
import { twinOf, twinPath } from '../../core/code/twins.js';
import { ROLES } from '../../core/oracle/verdict.js';
import type { Scenario } from '../../core/session/scenario.js';
import type { Locale, LocalText } from '../../core/text/local-text.js';
import { loadOnce } from '../async/load-once.js';
import { whenLocaleLoads } from '../i18n/i18n.js';

/** What the page needs of a lesson's `input.json` before the lesson is opened: all but its text. */
export type LessonScenario = Pick<
  Scenario,
  'gallery' | 'title' | 'summary' | 'code' | 'corrected' | 'config' | 'stretch'
>;

/** A lesson of the gallery: its scenario, its code as text, and its recorded session. */
export interface Lesson {
  name: string;
  scenario: LessonScenario;
  /** The lesson's code, every role resolved to text (the files themselves: English comments). */
  sources: { candidate?: string; reference?: string; outcome?: string };
  /** Loads the lesson's recorded session (JSONL). */
  session: () => Promise<string>;
}

// The lessons' texts, which only an opened lesson shows, load on demand; the rest of each
// `input.json` (`?summary`, see scripts/lesson-summary.ts) is in the first paint.
const scenarios = import.meta.glob<LessonScenario>('/examples/*/input.json', {
  eager: true,
  query: '?summary',
  import: 'default',
});
const texts = import.meta.glob<LocalText>('/examples/*/input.json', { import: 'lesson' });
/** The code files; their twins with translated comments load with a locale that needs them. */
const code: Record<string, string> = import.meta.glob<string>(
  ['/examples/code/**/*.{js,py}', '!/examples/code/**/*.zh.*'],
  { eager: true, query: '?raw', import: 'default' },
);
const sessions = import.meta.glob<string>('/examples/*/session.jsonl', {
  query: '?raw',
  import: 'default',
});

const loadedTexts = new Map<string, LocalText>();

/** The lesson's text when it has loaded (see {@link loadLessonText}); else undefined. */
export function lessonText(lesson: Lesson): LocalText | undefined {
  return loadedTexts.get(lesson.name);
}

/** Loads the lesson's text (its few paragraphs in every language). */
export async function loadLessonText(lesson: Lesson): Promise<LocalText> {
  const known = loadedTexts.get(lesson.name);
  if (known) return known;
  const load = texts[`/examples/${lesson.name}/input.json`];
  if (!load) throw new Error(`no lesson ${lesson.name}`);
  const text = await load();
  loadedTexts.set(lesson.name, text);
  return text;
}

/**
 * A lesson file's text in every language it has, keyed by the text of any of them: a twin with
 * translated comments (see `core/code/twins.ts`) counts as the file it stands for.
 */
const variants = new Map<string, readonly string[]>();

/** How many times twins were added: what {@link fileTextOf} answers may change with it. */
let twinsAdded = 0;

/** Changes whenever lesson files gain twins (so that a text may stand for another file text). */
export function twinsVersion(): number {
  return twinsAdded;
}

/** Adds the twins in `twins` (path → text) to the code files and their {@link variants}. */
function addTwins(twins: Record<string, string>): void {
  twinsAdded += 1;
  for (const [path, text] of Object.entries(twins)) {
    const twin = twinOf(path);
    const original = twin ? code[twin.file] : undefined;
    if (original === undefined || code[path] !== undefined) continue;
    code[path] = text;
    const known = variants.get(original) ?? [original];
    const all = [...known, text];
    for (const each of all) variants.set(each, all);
  }
}

/**
 * Loads the twins of every lesson file (their comments in other languages). A locale other than
 * English waits for them; the page also loads them once it is shown, so that lesson code saved
 * in another language is still known as the lesson's.
 */
export const loadTwins: () => Promise<void> = loadOnce(() =>
  import('./lesson-twins.js').then((module) => addTwins(module.TWINS)),
);

whenLocaleLoads((locale) => (locale === 'en' ? Promise.resolve() : loadTwins()));

/**
 * The text of a code reference: inline source, or a lesson's code file (undefined if unknown),
 * with its comments in `locale` when the file has a twin in it (its code is the same).
 */
export function codeText(ref: CodeRef | undefined, locale: Locale = 'en'): string | undefined {
  if (!ref) return undefined;
  if ('source' in ref) return ref.source;
  const file = `/examples/${ref.file}`;
  return code[`/examples/${twinPath(ref.file, locale)}`] ?? code[file];
}

/**
 * Every text that counts as the same lesson file as `text`: the file and its twins in other
 * languages (they differ only in comments); just `text` when it is no lesson file's.
 */
export function textsLike(text: string): readonly string[] {
  return variants.get(text) ?? [text];
}

/** The lesson file's own (English) text when `text` is one of its twins; else `text` itself. */
export function fileTextOf(text: string): string {
  return textsLike(text)[0] ?? text;
}

/** The same lesson file in `locale` when `text` is a lesson file in any language; else `text`. */
export function localizedText(text: string, locale: Locale): string {
  const original = fileTextOf(text);
  if (original === text && !variants.has(text)) return text;
  for (const [path, each] of Object.entries(code)) {
    if (each !== original || twinOf(path)) continue;
    return code[twinPath(path, locale)] ?? original;
  }
  return text;
}

/** The lesson of that name; throws when there is none (a name the page itself chose). */
export function lessonNamed(name: string): Lesson {
  const found = findLesson(name);
  if (!found) throw new Error(`no lesson ${name}`);
  return found;
}

/**
 * An untouched lesson's workspace with its code's comments in `locale` (the same code: what ran
 * and what is replayed still match it); the workspace itself when its code is not a lesson's.
 */
export function relocalized<W extends Record<'candidate' | 'reference' | 'outcome', string>>(
  shown: W,
  locale: Locale,
): W {
  const next = {
    ...shown,
    candidate: localizedText(shown.candidate, locale),
    reference: localizedText(shown.reference, locale),
    outcome: localizedText(shown.outcome, locale),
  };
  const same = (['candidate', 'reference', 'outcome'] as const).every(
    (role) => fileTextOf(next[role]) === fileTextOf(shown[role]),
  );
  return same ? next : shown;
}

function sourcesOf(code: SessionCode): Lesson['sources'] {
  const sources: Lesson['sources'] = {};
  for (const role of ROLES) {
    const source = codeText(code[role]);
    if (source !== undefined) sources[role] = source;
  }
  return sources;
}

/** The gallery's lessons, in gallery order. */
export const LESSONS: readonly Lesson[] = Object.entries(scenarios)
  .filter(([, scenario]) => scenario.gallery !== undefined)
  .map(([path, scenario]) => {
    const name = path.split('/')[2] as string;
    const load = sessions[`/examples/${name}/session.jsonl`];
    return {
      name,
      scenario,
      sources: sourcesOf(scenario.code),
      session: load ?? (() => Promise.reject(new Error(`no recorded session for ${name}`))),
    };
  })
  .sort((a, b) => (a.scenario.gallery ?? 0) - (b.scenario.gallery ?? 0));

/** The lesson shown on a first visit: the article's. */
export const DEFAULT_LESSON = 'article';

/** A lesson by name, or undefined. */
export function findLesson(name: string): Lesson | undefined {
  return LESSONS.find((lesson) => lesson.name === name);
}

/** A lesson's code with its comments in `locale` (the same code as its `sources`). */
export function lessonSources(lesson: Lesson, locale: Locale): Lesson['sources'] {
  const sources: Lesson['sources'] = {};
  for (const role of ROLES) {
    const source = lesson.sources[role];
    if (source !== undefined) sources[role] = localizedText(source, locale);
  }
  return sources;
}

/**
 * The code of a lesson's twin in another language (the article in JavaScript and in Python), when
 * `code` is exactly a lesson's code in its own language (with its comments in any locale), in
 * `locale`: switching the language of untouched lesson code then shows the same lesson's code in
 * the new language. Null otherwise (edited code is left as it is).
 */
export function twinCode(
  code: { language: Language } & Lesson['sources'],
  language: Language,
  locale: Locale = 'en',
): Lesson['sources'] | null {
  const same = (a: Lesson['sources'], b: Lesson['sources']) =>
    ROLES.every((role) => fileTextOf(a[role] ?? '') === fileTextOf(b[role] ?? ''));
  const lesson = LESSONS.find(
    (l) => l.scenario.code.language === code.language && same(l.sources, code),
  );
  if (!lesson) return null;
  const config = JSON.stringify(lesson.scenario.config);
  const twin = LESSONS.find(
    (l) => l.scenario.code.language === language && JSON.stringify(l.scenario.config) === config,
  );
  return twin ? lessonSources(twin, locale) : null;
}
