import { record } from '../src/cli/commands/reduce.js';
import { reductionOf } from '../src/core/run/run.js';
import type { ReduceTask } from '../src/core/session/config.js';
import { roundTo, type Samples, samples } from './stats.js';

/**
 * The cost lesson's failure (1 first, 9 last, 0s between) at 64 elements, reduced by ddmin
 * without the cache, with a predicate that spins a few milliseconds a call (a trial worth
 * sharing out; the sandbox's clock does not move during a call, so it counts instead).
 */
const SLOW_OUTCOME = `export function outcome(a) {
  let spin = 0;
  for (let i = 0; i < 4e6; i++) spin = (spin + i) % 7;
  if (spin < 0) return 'PASS';
  if (a.length === 0) return 'INVALID';
  return a.includes(1) && a.includes(9) ? 'FAIL' : 'PASS';
}
`;

const CONFIG: ReduceTask = {
  task: 'reduce',
  code: { language: 'js', outcome: { source: SLOW_OUTCOME } },
  reducer: 'ddmin',
  chase: { kind: 'wrong-answer' },
  cache: false,
  budgets: { callMs: 1000 },
  input: [1, ...Array.from({ length: 62 }, () => 0), 9],
};

/** `deltalab reduce --jobs N` in-process, for N = 1, 2 and 4. */
export interface ParallelReport {
  case: string;
  calls: number;
  /** Whole run (workers started, search skipped, reduction, verification), ms. */
  ms: Record<'1' | '2' | '4', Samples>;
  /** Median time with 1 pair over the median with N. */
  speedUp: Record<'2' | '4', number>;
  /** Every run gave the same result and calls as one pair. */
  same: boolean;
}

/** Section 10: trials judged ahead on several pairs (see `live/parallel-oracle.ts`). */
export async function measureParallel(runs: number): Promise<ParallelReport> {
  const times: Record<string, number[]> = { '1': [], '2': [], '4': [] };
  let calls = 0;
  let reference = '';
  let same = true;
  for (let i = 0; i < runs; i++) {
    for (const jobs of [1, 2, 4]) {
      const began = performance.now();
      const { summary } = await record(CONFIG, undefined, jobs);
      times[String(jobs)]?.push(performance.now() - began);
      const key = JSON.stringify([reductionOf(summary).reduced, summary.calls]);
      if (!reference) reference = key;
      same &&= key === reference;
      calls = summary.calls;
    }
  }
  const ms = {
    '1': samples(times['1'] ?? []),
    '2': samples(times['2'] ?? []),
    '4': samples(times['4'] ?? []),
  };
  return {
    case: 'ddmin, no cache, 64 elements, 4·10⁶ loop steps a call',
    calls,
    ms,
    speedUp: {
      '2': roundTo(ms['1'].median / ms['2'].median, 2),
      '4': roundTo(ms['1'].median / ms['4'].median, 2),
    },
    same,
  };
}
