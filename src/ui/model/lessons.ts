import type { CodeRef, Language, SessionCode } from '../../core/code/refs.js';
import { ROLES } from '../../core/oracle/verdict.js';
import type { Scenario } from '../../core/session/scenario.js';

/** A lesson of the gallery: its scenario, its code as text, and its recorded session. */
export interface Lesson {
  name: string;
  scenario: Scenario;
  /** The lesson's code, every role resolved to text. */
  sources: { candidate?: string; reference?: string; outcome?: string };
  /** Loads the lesson's recorded session (JSONL). */
  session: () => Promise<string>;
}

const scenarios = import.meta.glob<Scenario>('/examples/*/input.json', {
  eager: true,
  import: 'default',
});
const code = import.meta.glob<string>('/examples/code/**/*.{js,py}', {
  eager: true,
  query: '?raw',
  import: 'default',
});
const sessions = import.meta.glob<string>('/examples/*/session.jsonl', {
  query: '?raw',
  import: 'default',
});

/** The text of a code reference: inline source, or a lesson's code file (undefined if unknown). */
export function codeText(ref: CodeRef | undefined): string | undefined {
  if (!ref) return undefined;
  if ('source' in ref) return ref.source;
  return code[`/examples/${ref.file}`];
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

/**
 * The code of a lesson's twin in another language (the article in JavaScript and in Python), when
 * `code` is exactly a lesson's code in its own language: switching the language of untouched
 * lesson code then shows the same lesson's code in the new language. Null otherwise (edited code
 * is left as it is).
 */
export function twinCode(
  code: { language: Language } & Lesson['sources'],
  language: Language,
): Lesson['sources'] | null {
  const same = (a: Lesson['sources'], b: Lesson['sources']) =>
    ROLES.every((role) => (a[role] ?? '') === (b[role] ?? ''));
  const lesson = LESSONS.find(
    (l) => l.scenario.code.language === code.language && same(l.sources, code),
  );
  if (!lesson) return null;
  const config = JSON.stringify(lesson.scenario.config);
  const twin = LESSONS.find(
    (l) => l.scenario.code.language === language && JSON.stringify(l.scenario.config) === config,
  );
  return twin ? twin.sources : null;
}
