import type { Input, SyncOracle } from '../../../../src/core/oracle/oracle.js';
import type { Verdict } from '../../../../src/core/oracle/verdict.js';
import type { ReduceTask, SessionConfig } from '../../../../src/core/session/config.js';

/** A judge from a predicate: FAIL where it holds, PASS elsewhere. */
export function judgeBy(fails: (input: Input) => boolean): SyncOracle {
  return (input): Verdict => ({ outcome: fails(input) ? 'FAIL' : 'PASS' });
}

/** A config that reduces `input` (of `kind`, cut as `split` says) with `reducer`. */
export function configFor(
  reducer: ReduceTask['reducer'],
  input: SessionConfig['input'],
  extra: Partial<ReduceTask> = {},
): ReduceTask {
  return {
    task: 'reduce',
    code: { language: 'js', outcome: { source: 'export const outcome = (a) => "PASS";' } },
    input,
    reducer,
    chase: { kind: 'wrong-answer' },
    cache: true,
    maxAttempts: 1,
    budgets: { callMs: 1000 },
    ...extra,
  };
}
