import type { Configuration, Judged, Resolution } from '../../src/core/isolate/types.js';

/** The judgement a driver would pass on for a resolution (UNRESOLVED as INVALID). */
export function judged(result: Resolution): Judged {
  if (result === 'FAIL') return { outcome: 'FAIL', chased: true };
  return { outcome: result === 'PASS' ? 'PASS' : 'INVALID', chased: false };
}

/** A judge over configurations from a predicate on them. */
export const judgeBy =
  (predicate: (config: Configuration) => Resolution) =>
  (config: Configuration): Judged =>
    judged(predicate(config));

/** Fails iff every unit of `causes` is in the configuration. */
export const failsWithAll =
  (causes: readonly number[]) =>
  (config: Configuration): Resolution =>
    causes.every((unit) => config.includes(unit)) ? 'FAIL' : 'PASS';
