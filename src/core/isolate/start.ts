import type { Judged } from '../reduce/types.js';
import type { IsolationMode } from './types.js';

/** Which side of an isolation's start is wrong, and why, in one sentence. */
export interface StartProblem {
  side: 'fail' | 'pass';
  code: 'not-failing' | 'not-passing';
  message: string;
}

/**
 * What is wrong with one side of an isolation's start in `mode`, or null when it can start: the
 * failing side fails as chased (modes `-`, `+-`) or at least does not pass (mode `+`, where it
 * stays fixed); the passing side passes (modes `+`, `+-`) or at least does not fail (mode `-`,
 * where it stays fixed). Every isolation (a session's, a synchronous one) asks this.
 */
export function startProblem(
  side: 'fail' | 'pass',
  judged: Judged,
  mode: IsolationMode,
): StartProblem | null {
  const outcome = `its outcome is ${judged.outcome}`;
  if (side === 'fail') {
    if (mode !== '+' && !judged.chased) {
      return { side, code: 'not-failing', message: `the failing input does not fail: ${outcome}` };
    }
    if (mode === '+' && judged.outcome === 'PASS') {
      return { side, code: 'not-failing', message: `the failing input passes: ${outcome}` };
    }
    return null;
  }
  if (judged.chased) {
    return {
      side,
      code: 'not-passing',
      message: 'the passing input fails too: there is no difference to isolate',
    };
  }
  if (mode !== '-' && judged.outcome !== 'PASS') {
    return { side, code: 'not-passing', message: `the passing input does not pass: ${outcome}` };
  }
  return null;
}
