import type { Outcome, Verdict } from './verdict.js';

/**
 * The failure a session is chasing. Only a verdict that matches it may replace the current
 * input; every other verdict just rejects the trial.
 *
 * - `wrong-answer` (the default): outcome `FAIL`.
 * - `crash`: outcome `CRASH` whose `name: message` contains `signature` (any crash when empty).
 * - `timeout`: outcome `TIMEOUT`.
 */
export type Chase =
  | { kind: 'wrong-answer' }
  | { kind: 'crash'; signature?: string }
  | { kind: 'timeout' };

/** Every kind of chase, in menu order. */
export const CHASE_KINDS = [
  'wrong-answer',
  'crash',
  'timeout',
] as const satisfies readonly Chase['kind'][];

/** Whether `kind` names a kind of chase. */
export function isChaseKind(kind: unknown): kind is Chase['kind'] {
  return (CHASE_KINDS as readonly unknown[]).includes(kind);
}

/** The default chase: a wrong answer. */
export const WRONG_ANSWER: Chase = { kind: 'wrong-answer' };

/** The outcome a chase is after. */
export function chasedOutcome(chase: Chase): Outcome {
  switch (chase.kind) {
    case 'wrong-answer':
      return 'FAIL';
    case 'crash':
      return 'CRASH';
    case 'timeout':
      return 'TIMEOUT';
  }
}

/** Whether `verdict` reproduces the chased failure. A flaky verdict never does. */
export function isChased(verdict: Verdict, chase: Chase): boolean {
  if (verdict.flaky) return false;
  if (verdict.outcome !== chasedOutcome(chase)) return false;
  if (chase.kind === 'crash' && chase.signature) {
    const text = `${verdict.error?.name ?? ''}: ${verdict.error?.message ?? ''}`;
    return text.includes(chase.signature);
  }
  return true;
}

/** A one-line description of a chase, for narration and errors. */
export function describeChase(chase: Chase): string {
  switch (chase.kind) {
    case 'wrong-answer':
      return 'a wrong answer (FAIL)';
    case 'crash':
      return chase.signature ? `a crash matching "${chase.signature}"` : 'a crash';
    case 'timeout':
      return 'a timeout';
  }
}
