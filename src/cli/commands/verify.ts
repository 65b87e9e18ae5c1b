import { nodePlatform } from '../../../workers/node/platform.js';
import type { ResolvedCode } from '../../core/code/refs.js';
import { type ExhaustiveSummary, exhaustive } from '../../core/reduce/exhaustive.js';
import { isReducerName, REDUCER_NAMES } from '../../core/reduce/reducers.js';
import { stepThrough } from '../../core/reduce/runner.js';
import { createLiveOracle } from '../../live/run-live.js';
import { integer, parse } from '../args.js';
import { CODE_HELP, CODE_OPTIONS, chooseCode } from '../code-options.js';
import { codeText, resolveCode } from '../examples.js';
import { UsageError } from '../usage-error.js';
import { TOOL } from '../version.js';
import { parseChase } from './reduce-options.js';

export const VERIFY_HELP = `Usage: deltalab verify --exhaustive --values A..B --max-length L [options]

Judges every non-empty array up to length L over the values A..B, reduces each one that fails,
and checks every reduction: it still fails, is a subsequence of its input, is 1-minimal, and its
history is consistent. For a lesson with a corrected candidate (the article's), also checks that
the corrected version agrees with the reference on every input.

Options:
  --exhaustive     enumerate every input (required)
  --values A..B    the value range (default -2..2)
  --max-length L   the longest input (default 6)
${CODE_HELP}
  --reducer NAME   ${REDUCER_NAMES.join(' | ')} (default chunks)
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
  if (low > high) throw new UsageError('--values: A must not exceed B');
  const maxLength = Number(values['max-length'] ?? 6);
  if (!Number.isSafeInteger(maxLength) || maxLength < 1 || maxLength > 12) {
    throw new UsageError('--max-length must be an integer from 1 to 12');
  }
  const reducer = values.reducer ?? 'chunks';
  if (!isReducerName(reducer)) throw new UsageError(`unknown reducer "${reducer}"`);
  const chosen = chooseCode(values);
  const chase = values.chase ? parseChase(values.chase) : chosen.scenario.config.chase;
  const valueSet = Array.from({ length: high - low + 1 }, (_, i) => low + i);
  const options = { values: valueSet, maxLength, reducer, chase };
  const timeout = integer(values.timeout, 'timeout');
  if (timeout !== undefined && timeout <= 0) throw new UsageError('--timeout must be positive');
  const callMs = timeout ?? chosen.scenario.config.budgets.callMs;

  const started = performance.now();
  const corrected = chosen.name !== 'module' ? chosen.scenario.corrected : undefined;
  // The corrected version is checked side by side with the candidate, in workers of its own.
  const [summary, check] = await Promise.all([
    runExhaustive(resolveCode(chosen.code), callMs, options),
    corrected
      ? runExhaustive(
          resolveCode({ ...chosen.code, candidate: { source: codeText(corrected) } }),
          callMs,
          { ...options, judgeOnly: true },
        )
      : Promise.resolve(null),
  ]);
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
  report.ms = Math.round(performance.now() - started);
  out(JSON.stringify(report, null, 2));
  return ok ? 0 : 1;
}

/** Runs the exhaustive check through the sandbox workers (batched). */
async function runExhaustive(
  code: ResolvedCode,
  callMs: number,
  options: Parameters<typeof exhaustive>[0],
): Promise<ExhaustiveSummary> {
  const oracle = createLiveOracle(nodePlatform(TOOL), code, callMs);
  try {
    const errors = await oracle.load();
    if (errors.length > 0) {
      const [first] = errors;
      throw new UsageError(`the ${first?.role} code does not load: ${first?.message}`);
    }
    return await stepThrough(exhaustive(options), oracle);
  } finally {
    oracle.dispose();
  }
}
