import type { RunFailure } from '../../../workers/protocol.js';
import { problemText } from '../../core/text/problems.js';
import { locale, t } from '../i18n/i18n.js';

/** Why a run or replay failed, in the page's language where the reason is a known one. */
export function failureText(failure: RunFailure): string {
  if (!failure.problem) return failure.message;
  const reason = problemText(failure.problem, locale());
  return failure.line === undefined ? reason : t('failure.atLine', { line: failure.line, reason });
}
