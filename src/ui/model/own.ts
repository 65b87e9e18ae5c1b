import type { Locale } from '../../core/text/local-text.js';
import { freeKey, saveDraft } from '../io/draft.js';
import {
  codeText,
  DEFAULT_LESSON,
  fileTextOf,
  findLesson,
  lessonNamed,
  lessonSources,
} from './lessons.js';
import { type Workspace, workspaceOf } from './workspace.js';

export type { OwnText } from './own-text.js';

/** The roles whose code, once edited, makes a lesson's workspace one's own. */
const CODE = ['candidate', 'reference', 'outcome'] as const;

/**
 * The workspace after an edit: a lesson's workspace whose code the user changed becomes one's own
 * (its title and notes still to write), unless the code is still the lesson's own (in any
 * language) or its corrected function.
 */
export function ownIfEdited(before: Workspace, after: Workspace, locale: Locale): Workspace {
  const lesson = findLesson(before.lesson);
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

/**
 * Saves a blank workspace of one's own (the article's settings) as a draft under a free key made
 * from `name`; its key, or null when it could not be stored.
 */
export function saveBlank(locale: Locale, name: string): string | null {
  const blank = blankWorkspace(workspaceOf(lessonNamed(DEFAULT_LESSON)), locale);
  const saved = saveDraft(freeKey(name), blank, 0);
  return saved.ok ? saved.key : null;
}
