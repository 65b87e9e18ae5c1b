import type { VersionMark } from '../../core/history/version-bisect.js';
import type { VersionBisectStep } from '../../core/run/version-bisect-transcript.js';

/** What the timeline of versions shows of one version after some of the bisection's tests. */
export interface ShownVersion {
  /** Its mark: tested, or implied by a tested one (untested: still between the two). */
  mark: VersionMark | 'untested';
  /** Whether this version itself was tested (else its mark follows from others'). */
  tested: boolean;
  /** Whether it is the version the last test shown tested. */
  current: boolean;
}

/**
 * Each of `count` versions as the first `shown` steps of a bisection leave it: a tested version
 * has its own mark; one before the last good version is good too, one after the first bad one
 * bad too (a history is taken to go bad once and stay so), the others untested.
 */
export function versionMarks(
  count: number,
  steps: readonly VersionBisectStep[],
  shown: number,
): ShownVersion[] {
  const told = steps.slice(0, shown);
  const last = told.at(-1);
  const lastGood = last?.lastGood ?? -1;
  const firstBad = last?.firstBad ?? count;
  return Array.from({ length: count }, (_, version) => {
    const own = told.find((step) => step.version === version);
    const implied = version <= lastGood ? 'good' : version >= firstBad ? 'bad' : 'untested';
    return {
      mark: own?.mark ?? implied,
      tested: own !== undefined,
      current: last?.version === version,
    };
  });
}

/** The most tests a bisection of `count` versions needs when none is skipped: ⌈log₂(n + 1)⌉. */
export function mostTests(count: number): number {
  return Math.ceil(Math.log2(count + 1));
}
