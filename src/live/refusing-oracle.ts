import type { RoleError } from '../core/code/compile-error.js';
import type { Input, Oracle } from '../core/oracle/oracle.js';
import { aheadUnrefused, type Refusal, refusalOf, refusedVerdict } from '../core/oracle/refusal.js';
import type { Verdict } from '../core/oracle/verdict.js';

/** An oracle whose code loads first (a live one). */
export type LoadingOracle = Oracle & { load(): Promise<RoleError[]> };

/**
 * `oracle`, but an input that `refuse` names a reason for is INVALID without running anything
 * (a program's trial that no longer parses: see {@link refusedVerdict}, counted apart), and
 * never guessed ahead.
 */
export function refusing(oracle: LoadingOracle, refuse: Refusal): LoadingOracle {
  const refused = (input: Input): Verdict | undefined => refusalOf(refuse, input);
  return {
    load: () => oracle.load(),
    judge(input, ahead) {
      const verdict = refused(input);
      if (verdict) return Promise.resolve(verdict);
      return oracle.judge(input, ahead && aheadUnrefused(ahead, refuse));
    },
    async judgeBatch(inputs) {
      const verdicts = inputs.map(refused);
      const run = inputs.filter((_, i) => !verdicts[i]);
      const judged = run.length > 0 ? await oracle.judgeBatch(run) : [];
      let at = 0;
      return verdicts.map((verdict) => verdict ?? (judged[at++] as Verdict));
    },
  };
}
