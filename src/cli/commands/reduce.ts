import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { nodePlatform } from '../../../workers/node/platform.js';
import { type RunStatus, StatusTracker } from '../../core/run/status.js';
import { configProblems, type SessionConfig } from '../../core/session/config.js';
import { writeSession } from '../../core/session/format/writer.js';
import { problemsText } from '../../core/text/problems.js';
import { createLiveOracle, runLive } from '../../live/run-live.js';
import { parse } from '../args.js';
import { CODE_HELP, CODE_OPTIONS, chooseCode } from '../code-options.js';
import { resolveCode } from '../examples.js';
import { historyDetail, OUTPUT_HELP, report } from '../output.js';
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
${OUTPUT_HELP}
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
    history: { type: 'string' },
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
  const { summary, text } = await record(config, format === 'text' ? statusLines() : undefined);
  // A refused run leaves the file as it was: refused before anything is written.
  if (summary.status === 'not-failing') {
    throw new UsageError(summary.message ?? 'the input does not fail');
  }
  if (typeof values.record === 'string')
    writeAtomically(values.record, values.raw ? text.raw : text.packed);
  return report(summary, format, out, historyDetail(values.history), summary);
}

/**
 * Writes `file` whole or not at all: the text goes to a file beside it, which then takes its
 * place, so a failed write never leaves a truncated file where the old one was.
 */
function writeAtomically(file: string, text: string): void {
  const beside = join(dirname(resolve(file)), `.${basename(file)}.${process.pid}.tmp`);
  try {
    writeFileSync(beside, text);
    renameSync(beside, file);
  } catch (error) {
    rmSync(beside, { force: true });
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new UsageError(`cannot write --record ${file}: ${reason}`);
  }
}

/**
 * Runs a session live in sandbox processes; returns its summary and its JSONL. With `onStatus`,
 * tells where the run is, once a second from its second second on.
 */
export async function record(config: SessionConfig, onStatus?: (status: RunStatus) => void) {
  const platform = nodePlatform(TOOL);
  const oracle = createLiveOracle(platform, resolveCode(config.code), config.budgets.callMs);
  const tracker = new StatusTracker(() => platform.clock());
  const ticker = onStatus ? setInterval(() => onStatus(tracker.status()), 1000) : undefined;
  try {
    const outcome = await runLive(config, oracle, platform, {
      onEvent: (event) => tracker.observe(event),
      around: (judged) => tracker.around(judged),
    });
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
    clearInterval(ticker);
    oracle.dispose();
  }
}

/** Prints where a run is on stderr, one line each time (the text format's progress). */
function statusLines(): (status: RunStatus) => void {
  return (status) => {
    const tally = Object.entries(status.outcomes)
      .map(([outcome, count]) => `${count} ${outcome}`)
      .join(', ');
    const where =
      status.phase === 'search'
        ? `searching: ${status.attempts} attempts${tally ? ` (${tally})` : ''}`
        : `${status.phase === 'verify' ? 'verifying' : 'reducing'}: ${status.executions} executions`;
    const judging = status.judging > 1 ? `, judging ${status.judging} inputs` : '';
    process.stderr.write(
      `deltalab: ${where}${judging}, ${(status.elapsedMs / 1000).toFixed(0)} s\n`,
    );
  };
}
