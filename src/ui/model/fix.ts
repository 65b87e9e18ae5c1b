import type { Locale } from '../../core/text/local-text.js';
import { codeText, fileTextOf, type Lesson, lessonSources } from './lessons.js';
import type { Workspace } from './workspace.js';

/** The buggy function and its correction, side by side, and which of them the editor shows. */
export interface FixView {
  /** The buggy candidate: the editor's, or the lesson's own while the correction is loaded. */
  buggy: string;
  /** The lesson's corrected function, its comments in the page's language. */
  corrected: string;
  /** Whether the candidate editor holds the corrected function. */
  loaded: boolean;
}

/**
 * The fix of a lesson that has one (the article's corrected Kadane, in JavaScript or Python),
 * for a workspace in the lesson's language that compares a candidate with a reference; else null.
 */
export function fixView(
  lesson: Lesson | undefined,
  workspace: Workspace,
  locale: Locale,
): FixView | null {
  const ref = lesson?.scenario.corrected;
  if (!lesson || !ref || workspace.mode !== 'pair') return null;
  if (lesson.scenario.code.language !== workspace.language) return null;
  const corrected = codeText(ref, locale);
  if (corrected === undefined) return null;
  const loaded = isCorrected(lesson, workspace.candidate);
  const own = lessonSources(lesson, locale).candidate ?? '';
  return { buggy: loaded ? own : workspace.candidate, corrected, loaded };
}

/** Whether `candidate` is the lesson's corrected function (its comments in any language). */
export function isCorrected(lesson: Lesson | undefined, candidate: string): boolean {
  const ref = lesson?.scenario.corrected;
  const corrected = ref ? codeText(ref) : undefined;
  return corrected !== undefined && fileTextOf(candidate) === fileTextOf(corrected);
}
