import type { Json } from '../input/kinds.js';
import { type Chase, isChased, WRONG_ANSWER } from '../oracle/chase.js';
import type { Outcome } from '../oracle/verdict.js';
import type { Steps } from './runner.js';

/**
 * The article's ending, as checks a page can run: after the fix, the original and the reduced
 * input pass; and a reducer that breaks its contract is caught by the same checks that verify a
 * reduction (still fails, 1-minimal).
 */

/** The broken reducers the article checks against, by what they would return. */
export type MutantName = 'return-empty' | 'return-original' | 'accept-passing';

/** One broken reducer's answer and whether the checks reject it. */
export interface MutantCheck {
  name: MutantName;
  /** What the broken reducer returns. */
  returned: Json[];
  /** Its outcome: a valid reduction must still FAIL. */
  outcome: Outcome;
  /** Whether some single deletion from it still fails (then it is not 1-minimal). */
  shrinkable: boolean;
  /** Rejected: not a failure, or not 1-minimal. */
  caught: boolean;
}

/**
 * What the article's three broken reducers return for a failure of `original`: the empty input,
 * the original unreduced, and `[1, 2]` (a passing input, as if a PASS had been accepted).
 */
export function mutantAnswers(original: readonly Json[]): { name: MutantName; returned: Json[] }[] {
  return [
    { name: 'return-empty', returned: [] },
    { name: 'return-original', returned: original.slice() },
    { name: 'accept-passing', returned: [1, 2] },
  ];
}

/**
 * Checks each broken reducer's answer as a reduction is verified: it must reproduce the chased
 * failure, and no single deletion from it may (1-minimality). One batch per answer.
 */
export function* checkMutants(
  original: readonly Json[],
  chase: Chase = WRONG_ANSWER,
): Steps<MutantCheck[]> {
  const checks: MutantCheck[] = [];
  for (const { name, returned } of mutantAnswers(original)) {
    const deletions = returned.map((_, i) => [...returned.slice(0, i), ...returned.slice(i + 1)]);
    const [self, ...rest] = yield { inputs: [returned, ...deletions], phase: 'verify' };
    if (!self) throw new Error('the oracle returned fewer verdicts than inputs');
    const fails = isChased(self, chase);
    const shrinkable = rest.some((verdict) => isChased(verdict, chase));
    checks.push({
      name,
      returned,
      outcome: self.outcome,
      shrinkable,
      caught: !fails || shrinkable,
    });
  }
  return checks;
}

/** How many reductions took each number of calls: `[calls, reductions]`, by calls. */
export function histogram(calls: readonly number[]): [number, number][] {
  const counts = new Map<number, number>();
  for (const c of calls) counts.set(c, (counts.get(c) ?? 0) + 1);
  return [...counts].sort((a, b) => a[0] - b[0]);
}
