import type { RoleError } from '../src/core/code/compile-error.js';
import type { ResolvedCode } from '../src/core/code/refs.js';
import { type ExhaustiveSummary, exhaustive } from '../src/core/reduce/exhaustive.js';
import { stepThrough, stepThroughSync } from '../src/core/reduce/runner.js';
import type { LiveOracle } from '../src/live/live-oracle.js';
import { type ArticleCode, EXHAUSTIVE } from './article.js';
import { directJudge } from './rates.js';
import { roundTo } from './stats.js';

/** One exhaustive verification through worker oracles, timed in parts (ms). */
export interface ExhaustiveRun {
  /** Everything: the workers started, every input judged, 126 reductions verified, the check. */
  ms: number;
  /** The candidate's and reference's workers started, their code loaded (in-thread: compiled). */
  startMs: number;
  /** Judging the 19530 inputs and reducing + verifying the failures (in lockstep, batched). */
  reduceMs: number;
  /** The corrected candidate loaded in the candidate's worker and judged on every input. */
  correctedMs: number;
  inputs: number;
  failures: number;
  verified: number;
  calls: number;
  executions: number;
  correctedMatchesReference: boolean;
}

/** The article's setting: every input up to length 6 over -2..2, reduced with `chunks`. */
const OPTIONS = {
  values: EXHAUSTIVE.values,
  maxLength: EXHAUSTIVE.maxLength,
  reducer: 'chunks' as const,
};

/**
 * What `deltalab verify --exhaustive` does, on any platform: judge every input, reduce each
 * failure with `chunks` and verify it, then check the corrected candidate on every input.
 */
export async function runExhaustive(
  code: ArticleCode,
  createOracle: (code: ResolvedCode) => LiveOracle,
): Promise<ExhaustiveRun> {
  const began = performance.now();
  // The candidate and the reference start at once, as the CLI starts them; the corrected
  // candidate is then loaded in the candidate's worker and reads the reference's results of the
  // first pass.
  const oracle = createOracle({
    language: 'js',
    candidate: code.candidate,
    reference: code.reference,
  });
  oracle.keepReferenceResults();
  let summary: ExhaustiveSummary;
  let mismatches: number;
  let loaded: number;
  let reduced: number;
  try {
    await loadOrThrow(oracle.load());
    loaded = performance.now();
    summary = await stepThrough(exhaustive(OPTIONS), oracle);
    reduced = performance.now();
    await loadOrThrow(oracle.switchCandidate(code.corrected));
    mismatches = (await stepThrough(exhaustive({ ...OPTIONS, judgeOnly: true }), oracle)).failures;
  } finally {
    oracle.dispose();
  }
  return timedRun([began, loaded, reduced, performance.now()], summary, mismatches);
}

/**
 * The same work with no worker at all: the compiled functions called in this thread. Not a
 * product path; the floor that shows how much of the worker path's time is the workers'.
 */
export function runExhaustiveInThread(code: ArticleCode): ExhaustiveRun {
  const began = performance.now();
  const judge = directJudge(code);
  const check = directJudge({ ...code, candidate: code.corrected });
  const loaded = performance.now();
  const summary = stepThroughSync(exhaustive(OPTIONS), judge);
  const reduced = performance.now();
  const mismatches = stepThroughSync(exhaustive({ ...OPTIONS, judgeOnly: true }), check).failures;
  return timedRun([began, loaded, reduced, performance.now()], summary, mismatches);
}

/** A run's parts from its four moments: began, workers loaded, failures reduced, ended. */
function timedRun(
  [began, loaded, reduced, ended]: [number, number, number, number],
  summary: ExhaustiveSummary,
  mismatches: number,
): ExhaustiveRun {
  return {
    ms: roundTo(ended - began, 1),
    startMs: roundTo(loaded - began, 1),
    reduceMs: roundTo(reduced - loaded, 1),
    correctedMs: roundTo(ended - reduced, 1),
    inputs: summary.inputs,
    failures: summary.failures,
    verified: summary.verified,
    calls: summary.calls,
    executions: summary.executions,
    correctedMatchesReference: mismatches === 0,
  };
}

async function loadOrThrow(loading: Promise<RoleError[]>): Promise<void> {
  const errors = await loading;
  if (errors.length > 0) throw new Error(`the code does not load: ${errors[0]?.message}`);
}
