import { clipText } from '../../core/text/clip.js';
import { problemText } from '../../core/text/problems.js';
import type { RunFailure } from '../../protocol/reducer.js';
import { locale, t } from '../i18n/i18n.js';

/** The most characters of a failure's sentence shown (it may quote a file or user code). */
const FAILURE_CHARS = 600;

/**
 * Why a run or replay failed, in the page's language where the reason is a known one, clipped
 * for display.
 */
export function failureText(failure: RunFailure): string {
  if (!failure.problem) return clipText(failure.message, FAILURE_CHARS);
  const reason = clipText(problemText(failure.problem, locale()), FAILURE_CHARS);
  return failure.line === undefined ? reason : t('failure.atLine', { line: failure.line, reason });
}
