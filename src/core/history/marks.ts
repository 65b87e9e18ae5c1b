import { type Chase, isChased } from '../oracle/chase.js';
import type { Verdict } from '../oracle/verdict.js';
import type { VersionMark } from './version-bisect.js';

/**
 * The mark a version's verdict gives it in a bisection: bad when it reproduces the chased
 * failure, good when it passes, skipped otherwise (it does not load, or fails another way: as
 * `git bisect skip`, it tells nothing about where the failure came in).
 */
export function markOf(verdict: Verdict, chase: Chase): VersionMark {
  if (isChased(verdict, chase)) return 'bad';
  return verdict.outcome === 'PASS' ? 'good' : 'skip';
}
