import { nodePlatform } from '../../../workers/process/platform.js';
import { admitSandboxes } from '../../../workers/process/uncontained.js';
import type { RoleError } from '../../core/code/compile-error.js';
import { type ResolvedCode, runtimeOf } from '../../core/code/refs.js';
import { LIMITS } from '../../core/limits.js';
import { countInputs, type ExhaustiveSummary, exhaustive } from '../../core/reduce/exhaustive.js';
import { REDUCER_NAMES, REDUCERS } from '../../core/reduce/reducers.js';
import { stepThrough } from '../../core/reduce/runner.js';
import { createLiveOracle } from '../../live/run-live.js';
import { integer, parse } from '../args.js';
import { CODE_HELP, CODE_OPTIONS, chooseCode } from '../code-options.js';
import { codeText, resolveCode } from '../examples.js';
import { parseChase } from '../reduce/reduce-options.js';
import { escapeInvisible } from '../summary-output.js';
import { commandTranspiler } from '../transpile-cache.js';
import { UsageError } from '../usage-error.js';
import { TOOL } from '../version.js';

/** The reducers that reduce the integer arrays a check enumerates (the syntax reducer takes text). */
const ARRAY_REDUCERS = REDUCER_NAMES.filter((name) => REDUCERS[name].tree !== 'syntax');

export const VERIFY_HELP = `Usage: deltalab verify --exhaustive --values A..B --max-length L [options]

Judges every non-empty array up to length L over the values A..B, reduces each one that fails,
and checks every reduction: it still fails, is a subsequence of its input, is 1-minimal, and its
history is consistent. For a lesson with a corrected candidate (the article's), also checks that
the corrected version agrees with the reference on every input.

Options:
  --exhaustive     enumerate every input (required)
  --values A..B    the value range (default -2..2)
  --max-length L   the longest input (default 6)
  --max-inputs N   judge at most N inputs (default 10000000): a larger check is refused
${CODE_HELP}
  --reducer NAME   ${ARRAY_REDUCERS.join(' | ')} (default chunks)
  --chase KIND     wrong-answer | crash | crash:SIGNATURE | timeout
  --timeout MS     per-call time budget (default: the lesson's, usually 1000)
  --help           show this help

Exit status: 0 every property holds, 1 some property fails, 2 bad usage.`;

/** `deltalab verify --exhaustive`. */
export async function verify(args: string[], out: (text: string) => void): Promise<number> {
  const { values } = parse(args, {
    ...CODE_OPTIONS,
    exhaustive: { type: 'boolean' },
    values: { type: 'string' },
    'max-length': { type: 'string' },
    'max-inputs': { type: 'string' },
    reducer: { type: 'string' },
    chase: { type: 'string' },
    timeout: { type: 'string' },
    help: { type: 'boolean' },
  });
  if (values.help) {
    out(VERIFY_HELP);
    return 0;
  }
  if (!values.exhaustive) throw new UsageError('verify needs --exhaustive (the only mode)');
  const range = /^(-?\d+)\.\.(-?\d+)$/.exec(values.values ?? '-2..2');
  if (!range) throw new UsageError(`--values must look like A..B, got "${values.values}"`);
  const [low, high] = [Number(range[1]), Number(range[2])];
  if (!Number.isSafeInteger(low) || !Number.isSafeInteger(high)) {
    throw new UsageError('--values: A and B must be safe integers');
  }
  if (low > high) throw new UsageError('--values: A must not exceed B');
  const maxLength = integer(values['max-length'], 'max-length', 6) as number;
  if (maxLength < 1) throw new UsageError('--max-length must be at least 1');
  // Counted before anything is made: a mistyped range must not try to build billions of arrays.
  const allowed = integer(values['max-inputs'], 'max-inputs', LIMITS.exhaustiveInputs) as number;
  const total = countInputs(high - low + 1, maxLength);
  if (total > allowed) {
    throw new UsageError(
      `--values ${low}..${high} --max-length ${maxLength} means ${total.toLocaleString('en')} inputs, more than ${allowed.toLocaleString('en')}: narrow them, or raise --max-inputs`,
    );
  }
  const reducer = ARRAY_REDUCERS.find((name) => name === (values.reducer ?? 'chunks'));
  if (reducer === undefined) {
    throw new UsageError(
      `unknown reducer "${values.reducer}" for arrays; known: ${ARRAY_REDUCERS.join(', ')}`,
    );
  }
  const chosen = chooseCode(values);
  const chase = values.chase ? parseChase(values.chase) : chosen.scenario.config.chase;
  const valueSet = Array.from({ length: high - low + 1 }, (_, i) => low + i);
  const progress = progressLine(total);
  const options = { values: valueSet, maxLength, reducer, chase, onJudged: progress };
  const timeout = integer(values.timeout, 'timeout');
  if (timeout !== undefined && timeout <= 0) throw new UsageError('--timeout must be positive');
  const callMs = timeout ?? chosen.scenario.config.budgets.callMs;

  const started = performance.now();
  const corrected = chosen.name !== 'module' ? chosen.scenario.corrected : undefined;
  const { summary, check } = await runExhaustive(
    resolveCode(chosen.code),
    corrected ? codeText(corrected) : undefined,
    callMs,
    options,
  );
  const report: Record<string, unknown> = {
    inputs: summary.inputs,
    failures: summary.failures,
    verified: summary.verified,
    problems: summary.problems.slice(0, 10),
    calls: summary.calls,
    executions: summary.executions,
    reducer,
  };
  let ok = summary.verified === summary.failures && summary.problems.length === 0;
  if (check) {
    report.correctedMatchesReference = check.failures === 0;
    ok &&= check.failures === 0;
  }
  progress.done();
  report.ms = Math.round(performance.now() - started);
  out(escapeInvisible(JSON.stringify(report, null, 2)));
  return ok ? 0 : 1;
}

/**
 * Reports a long check's progress on stderr, once a second from its second second on: the
 * inputs judged so far.
 */
function progressLine(total: number): ((judged: number) => void) & { done(): void } {
  const started = performance.now();
  let last = started;
  let printed = false;
  const report = (judged: number) => {
    const now = performance.now();
    if (now - started < 1000 || now - last < 1000) return;
    last = now;
    printed = true;
    const share = Math.min(100, Math.floor((100 * judged) / total));
    process.stderr.write(
      `deltalab: judged ${judged.toLocaleString('en')} of ${total.toLocaleString('en')} inputs (${share} %), ${((now - started) / 1000).toFixed(0)} s\n`,
    );
  };
  return Object.assign(report, {
    done: () => {
      if (printed) process.stderr.write('deltalab: every input judged; reductions checked\n');
    },
  });
}

/**
 * Runs the exhaustive check through the sandbox workers (batched). With a corrected candidate,
 * then checks it on every input against the reference's results of the first pass: it is loaded
 * in the candidate's worker once the first pass is done (no third worker starts), and the
 * reference does not run again.
 */
async function runExhaustive(
  code: ResolvedCode,
  corrected: string | undefined,
  callMs: number,
  options: Parameters<typeof exhaustive>[0],
): Promise<{ summary: ExhaustiveSummary; check: ExhaustiveSummary | null }> {
  admitSandboxes(runtimeOf(code.language));
  const oracle = createLiveOracle(nodePlatform(TOOL, commandTranspiler(TOOL)), code, callMs);
  if (corrected !== undefined) oracle.keepReferenceResults();
  try {
    loaded(await oracle.load());
    const summary = await stepThrough(exhaustive(options), oracle);
    if (corrected === undefined) return { summary, check: null };
    loaded(await oracle.switchCandidate(corrected), 'corrected candidate');
    const check = await stepThrough(
      exhaustive({ ...options, judgeOnly: true, onJudged: () => {} }),
      oracle,
    );
    return { summary, check };
  } finally {
    oracle.dispose();
  }
}

/**
 * Throws the first load error as a usage error: "the candidate code does not load: …", or with
 * the code's own name ("the corrected candidate does not load: …").
 */
function loaded(errors: readonly RoleError[], name?: string): void {
  const [first] = errors;
  if (first) {
    const what = name ?? `${first.role} code`;
    throw new UsageError(`the ${what} does not load: ${first.message}`);
  }
}
