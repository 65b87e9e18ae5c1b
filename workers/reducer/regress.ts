import { isChased } from '../../src/core/oracle/chase.js';
import { countInputs, exhaustive } from '../../src/core/reduce/exhaustive.js';
import { checkMutants, histogram } from '../../src/core/reduce/regress.js';
import { Cancelled, stepThrough } from '../../src/core/reduce/runner.js';
import { callGrowth, type GrowthPoint } from '../../src/core/reduce/worst-case.js';
import { LiveOracle } from '../../src/live/live-oracle.js';
import type { Platform } from '../../src/live/run-live.js';
import type { RegressProgress, RegressReply, RegressRequest } from '../../src/protocol/reducer.js';
import { failureOf } from './failure.js';

/** How long each of the check's sandboxes may take to start. */
const START_MS = 30_000;

/**
 * Runs the article's "fix and regress" live: the buggy candidate and the corrected one each in a
 * sandbox of its own, sharing the reference's (the corrected pass reuses its answers from the
 * buggy pass), all ended when the check ends. Then the article's reducer is measured in this
 * thread on long inputs (calls against length, no user code). Progress is told after each batch;
 * `cancelled` stops it at its next batch, and the sandboxes handed to `hold` can be ended at once
 * (a cancel while they start or hang).
 */
export async function runRegress(
  platform: Platform,
  request: RegressRequest,
  progress: (progress: RegressProgress) => void,
  cancelled: () => boolean,
  hold: (stop: () => void) => void = () => {},
): Promise<RegressReply> {
  const spawn: ConstructorParameters<typeof LiveOracle>[1]['spawn'] = (role, runtime) =>
    platform.spawn(role, runtime);
  // Up to three sandboxes start at once (none where the pool has spares), maybe while the page
  // itself is still starting: their start is given more time than a run's two.
  const options = {
    spawn,
    callMs: request.callMs,
    startMs: START_MS,
    transpile: platform.transpile,
  };
  const buggy = new LiveOracle(request.code, options);
  const fixed = buggy.withCandidate(request.corrected);
  hold(() => {
    buggy.dispose();
    fixed.dispose();
  });
  try {
    const errors = (await Promise.all([fixed.load(), buggy.load()])).flat();
    // A cancel ends the sandboxes too: what they answered then is not the code's doing.
    if (cancelled()) return { ok: false, cancelled: true };
    if (errors.length > 0) return { ok: false, errors };
    const [original, reduced] = await fixed.judgeBatch([request.original, request.reduced]);
    const where: RegressProgress = {
      judged: 0,
      total: countInputs(request.values.length, request.maxLength),
      failures: 0,
      reduced: 0,
    };
    const calls: number[] = [];
    const shared = { values: request.values, maxLength: request.maxLength, chase: request.chase };
    const summary = await stepThrough(
      exhaustive({
        ...shared,
        reducer: request.reducer,
        onJudged: (judged) => {
          where.judged = judged;
          progress({ ...where });
        },
        onReduced: (_, result) => {
          calls.push(result.counters.calls);
          where.reduced = calls.length;
          if (calls.length % 16 === 0) progress({ ...where });
        },
      }),
      {
        judge: (input) => buggy.judge(input),
        // Failures are counted as they are judged, so the bar can say how many are left.
        judgeBatch: async (inputs) => {
          const verdicts = await buggy.judgeBatch(inputs);
          if (where.judged < where.total) {
            where.failures += verdicts.filter((v) => isChased(v, request.chase)).length;
          }
          return verdicts;
        },
      },
      cancelled,
    );
    // After the buggy pass: the reference's answers to every input are known by then.
    const check = await stepThrough(exhaustive({ ...shared, judgeOnly: true }), fixed, cancelled);
    const mutants = await stepThrough(
      checkMutants(request.original, request.chase),
      buggy,
      cancelled,
    );
    const began = platform.clock();
    const growth: GrowthPoint[] = [];
    for (const point of callGrowth()) {
      if (cancelled()) throw new Cancelled();
      growth.push(point);
    }
    const growthMs = platform.clock() - began;
    return {
      ok: true,
      fixed: { original: original?.outcome ?? 'INVALID', reduced: reduced?.outcome ?? 'INVALID' },
      inputs: summary.inputs,
      failures: summary.failures,
      verified: summary.verified,
      problems: summary.problems.length,
      calls: summary.calls,
      executions: summary.executions,
      verifyExecutions: summary.verifyExecutions,
      correctedFailures: check.failures,
      histogram: histogram(calls),
      mutants,
      growth,
      growthMs,
    };
  } catch (error) {
    if (error instanceof Cancelled || cancelled()) return { ok: false, cancelled: true };
    return { ok: false, failure: failureOf(error) };
  } finally {
    buggy.dispose();
    fixed.dispose();
  }
}
