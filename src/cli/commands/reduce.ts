import { existsSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { nodePlatform } from '../../../workers/node/platform.js';
import type { RunSummary } from '../../core/run/run.js';
import { configProblems, type SessionConfig } from '../../core/session/config.js';
import { writeSession } from '../../core/session/format/writer.js';
import { problemsText } from '../../core/text/problems.js';
import { createLiveOracle, runLive } from '../../live/run-live.js';
import { parse } from '../args.js';
import { CODE_HELP, CODE_OPTIONS, chooseCode } from '../code-options.js';
import { resolveCode } from '../examples.js';
import { drawSummary } from '../text.js';
import { UsageError } from '../usage-error.js';
import { TOOL } from '../version.js';
import { SESSION_HELP, SESSION_OPTIONS, sessionConfig } from './reduce-options.js';

export const REDUCE_HELP = `Usage: deltalab reduce [options]

Finds a failing input (or takes --input), reduces it, verifies the result and prints one JSON
object: seed, attempts, original, expected, actual, reduced, reducedExpected, reducedActual,
calls, history, executions, reducer, verified (and more).

Options:
${CODE_HELP}
${SESSION_HELP}
  --format F       json (default) | text (each trial drawn as in the article)
  --record FILE    write the session (JSONL, canonical packed form; --raw for one event per line)
  --raw            with --record: write one event per line
  --help           show this help

Exit status: 0 reduced and verified, 1 a verification property failed or nothing was found,
2 bad usage or bad input (for example a start input that does not fail).`;

/** `deltalab reduce`. */
export async function reduce(args: string[], out: (text: string) => void): Promise<number> {
  const { values } = parse(args, {
    ...CODE_OPTIONS,
    ...SESSION_OPTIONS,
    format: { type: 'string' },
    record: { type: 'string' },
    raw: { type: 'boolean' },
    help: { type: 'boolean' },
  });
  if (values.help) {
    out(REDUCE_HELP);
    return 0;
  }
  const format = values.format ?? 'json';
  if (format !== 'json' && format !== 'text') throw new UsageError(`unknown --format "${format}"`);
  if (values.raw && values.record === undefined) throw new UsageError('--raw needs --record FILE');
  // Checked before the run, so that a long run is not lost to a mistyped folder.
  if (typeof values.record === 'string' && !existsSync(dirname(resolve(values.record)))) {
    throw new UsageError(`--record ${values.record}: no such folder`);
  }
  const config = sessionConfig(chooseCode(values), values);
  const problems = configProblems(config);
  if (problems.length > 0) throw new UsageError(problemsText(problems));
  const { summary, text } = await record(config);
  if (typeof values.record === 'string') {
    try {
      writeFileSync(values.record, values.raw ? text.raw : text.packed);
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw new UsageError(`cannot write --record ${values.record}: ${reason}`);
    }
  }
  return report(summary, format, out);
}

/** Runs a session live in Node worker threads; returns its summary and its JSONL. */
export async function record(config: SessionConfig) {
  const platform = nodePlatform(TOOL);
  const oracle = createLiveOracle(platform, resolveCode(config.code), config.budgets.callMs);
  try {
    const outcome = await runLive(config, oracle, platform);
    if (!outcome.ok) {
      const [first] = outcome.errors;
      throw new UsageError(
        `the ${first?.role} code does not load: ${first?.message} (line ${first?.line}, column ${first?.column})`,
      );
    }
    return {
      summary: outcome.summary,
      text: { raw: writeSession(outcome.session, 'raw'), packed: writeSession(outcome.session) },
    };
  } finally {
    oracle.dispose();
  }
}

/** Prints a summary and returns the exit status it calls for. */
export function report(summary: RunSummary, format: string, out: (text: string) => void): number {
  if (summary.status === 'not-failing')
    throw new UsageError(summary.message ?? 'the input does not fail');
  out(format === 'text' ? drawSummary(summary) : JSON.stringify(summary, null, 2));
  return summary.status === 'reduced' && summary.verified ? 0 : 1;
}
