import { aheadUnrefused, type Refusal, refusalOf, refusedVerdict } from '../oracle/refusal.js';
import type { Verdict } from '../oracle/verdict.js';
import type { Steps } from './runner.js';

/**
 * `steps`, but an input that `refuse` names a reason for gets its verdict here, INVALID without
 * reaching the oracle (see {@link refusedVerdict}); the rest are asked for as before, in order.
 * A request whose inputs are all refused is not passed on at all. The promise of the next
 * batches (`next`) is dropped, since the batches passed on may differ from it; inputs named
 * ahead are passed on unless refused.
 */
export function* refusedSteps<T>(steps: Steps<T>, refuse: Refusal): Steps<T> {
  let step = steps.next();
  while (!step.done) {
    const { inputs, phase, ahead } = step.value;
    const refused = inputs.map((input) => refusalOf(refuse, input));
    const run = inputs.filter((_, i) => refused[i] === undefined);
    let judged: Verdict[] = [];
    if (run.length > 0) {
      try {
        judged = yield {
          inputs: run,
          phase,
          ...(ahead ? { ahead: aheadUnrefused(ahead, refuse) } : {}),
        };
      } catch (error) {
        step = steps.throw(error);
        continue;
      }
    }
    let at = 0;
    step = steps.next(refused.map((verdict) => verdict ?? (judged[at++] as Verdict)));
  }
  return step.value;
}
