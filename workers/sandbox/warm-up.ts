import { encodeBatch } from '../../src/protocol/batch.js';
import type { LocalSandboxApi } from './api.js';

/**
 * A function of the sandbox's own, run by the warm-up (user code never is), as the host's
 * transpiler hands code over (the sandbox has no compiler of its own).
 */
const WARM_UP_SOURCE = `function candidate(a) {
  let best = a[0], here = 0;
  for (const x of a) { here = Math.max(x, here + x); best = Math.max(best, here); }
  return best;
}
exports.candidate = candidate;`;

/** How many made-up inputs the warm-up judges, in batches of {@link WARM_UP_BATCH}. */
const WARM_UP_CALLS = 3072;
const WARM_UP_BATCH = 512;

/**
 * Runs the sandbox's own paths (load, a call, batches of integer arrays) on a function of its
 * own and made-up inputs, then unloads it: a worker started ahead of a run has its code compiled
 * when the first Run comes, instead of interpreting its first thousands of calls. No user code is
 * loaded; the sandbox holds none afterwards.
 */
export function warmUp(api: LocalSandboxApi): void {
  // Only a head start: a warm-up that fails leaves the sandbox as it would be without one.
  try {
    const spec = { source: WARM_UP_SOURCE, code: WARM_UP_SOURCE, mappings: '' } as const;
    api.load({ ...spec, language: 'js', role: 'candidate' });
    let seed = 1;
    const next = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed;
    };
    for (let done = 0; done < WARM_UP_CALLS; done += WARM_UP_BATCH) {
      const inputs = Array.from({ length: WARM_UP_BATCH }, () =>
        Array.from({ length: 1 + (next() % 16) }, () => (next() % 21) - 10),
      );
      api.callBatch(encodeBatch(inputs));
    }
    api.call([3, -7, 4]);
  } catch {
    // Nothing to undo but the load.
  } finally {
    api.unload();
  }
}
