import type { Locale } from '../../core/text/local-text.js';
import { codeText, fileTextOf, type Lesson, lessonSources } from './lessons.js';
import type { Workspace } from './workspace.js';

/** What a workspace of one's own says about itself: a title and notes the user writes. */
export interface OwnText {
  title: string;
  notes: string;
}

/** The longest title and notes a workspace keeps (a link or a draft is never bigger). */
export const MAX_TITLE = 200;
export const MAX_NOTES = 20_000;

/** More combining marks in a row than any script writes on one letter (see workspace-parse). */
const MARK_RUN = /\p{M}{33}/u;

/**
 * A workspace's own text from outside (a link, a draft, a session): undefined when there is
 * none, or why it cannot be used.
 */
export function parseOwn(
  value: unknown,
): { ok: true; own?: OwnText } | { ok: false; reason: string } {
  if (value === undefined) return { ok: true };
  if (typeof value !== 'object' || value === null)
    return { ok: false, reason: 'own is not an object' };
  const { title, notes } = value as Record<string, unknown>;
  if (typeof title !== 'string' || title.length > MAX_TITLE || MARK_RUN.test(title)) {
    return { ok: false, reason: 'own.title is not a short text' };
  }
  if (typeof notes !== 'string' || notes.length > MAX_NOTES || MARK_RUN.test(notes)) {
    return { ok: false, reason: 'own.notes is not a text' };
  }
  return { ok: true, own: { title, notes } };
}

/** The roles whose code, once edited, makes a lesson's workspace one's own. */
const CODE = ['candidate', 'reference', 'outcome'] as const;

/**
 * The workspace after an edit: a lesson's workspace whose code the user changed becomes one's own
 * (its title and notes still to write), unless the code is still the lesson's own (in any
 * language) or its corrected function.
 */
export function ownIfEdited(
  before: Workspace,
  after: Workspace,
  lesson: Lesson | undefined,
  locale: Locale,
): Workspace {
  if (after.own || !CODE.some((role) => before[role] !== after[role])) return after;
  const sources = lesson ? lessonSources(lesson, locale) : {};
  const corrected = lesson?.scenario.corrected;
  const same = (role: (typeof CODE)[number]) => {
    const text = fileTextOf(after[role]);
    if (text === fileTextOf(sources[role] ?? '')) return true;
    return role === 'candidate' && corrected !== undefined && text === codeText(corrected);
  };
  return CODE.every(same) ? after : { ...after, own: { title: '', notes: '' } };
}

/**
 * A blank workspace of one's own, with the settings of `base` (the article's): a function to
 * write and a reference to compare it with.
 */
export function blankWorkspace(base: Workspace, locale: Locale): Workspace {
  const zh = locale === 'zh';
  return {
    ...base,
    lesson: '',
    language: 'js',
    mode: 'pair',
    candidate: zh
      ? '// 你的函数：接收一个输入，返回结果。\nexport function candidate(a) {\n  return a.length;\n}\n'
      : '// Your function: takes one input, returns its answer.\nexport function candidate(a) {\n  return a.length;\n}\n',
    reference: zh
      ? '// 可信的参考实现：与被测函数比较。\nexport function reference(a) {\n  return a.length;\n}\n'
      : '// A trusted reference: the candidate is compared with it.\nexport function reference(a) {\n  return a.length;\n}\n',
    outcome: '',
    own: { title: '', notes: '' },
  };
}
