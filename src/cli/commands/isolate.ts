import { nodePlatform } from '../../../workers/process/platform.js';
import { admitSandboxes } from '../../../workers/process/uncontained.js';
import { runtimeOf } from '../../core/code/refs.js';
import { configProblems, type IsolatingTask } from '../../core/session/config.js';
import type { StoredVerdict } from '../../core/session/events.js';
import { problemsText } from '../../core/text/problems.js';
import { sessionOracle } from '../../live/session-oracle.js';
import { parse } from '../args.js';
import { jobsOption } from '../command-options.js';
import { resolveCode } from '../examples.js';
import { changesIsolation, ISOLATE_CHANGES_HELP } from '../isolate/changes-form.js';
import { isolateByCommand } from '../isolate/command-form.js';
import { finish, refusal } from '../isolate/end.js';
import { historyIsolation, ISOLATE_HISTORY_HELP } from '../isolate/history-form.js';
import {
  codeIsolation,
  ISOLATE_CODE_HELP,
  ISOLATE_COMMAND_HELP,
  ISOLATE_COMMON_HELP,
  ISOLATE_OPTIONS,
} from '../isolate/isolate-options.js';
import { isolateLive, type LiveIsolation } from '../isolate/live.js';
import { checkOutputs } from '../output-paths.js';
import { commandTranspiler } from '../transpile-cache.js';
import { UsageError } from '../usage-error.js';
import { TOOL } from '../version.js';

export const ISOLATE_HELP = `Usage: deltalab isolate --module M --fail JSON [--pass JSON] [--mode diff|min|max] [options]
       deltalab isolate --module NEW --changes OLD --call JSON [--mode diff|min|max] [options]
       deltalab isolate --module M --versions V1 V2 … --call JSON [options]
       deltalab isolate --oracle-cmd CMD --pass-file P --fail-file F [--output-pass OUT1]
                        [--output-fail OUT2] [--mode diff|min|max] [options]
       deltalab isolate --git GOOD BAD --oracle-cmd CMD [--mode diff|min|max] [options]

Isolates a failure-inducing difference between a passing input and a failing one, as Zeller and
Hildebrandt's dd does: the units are the edits of a diff between them, and both sides move
until adding any one edit of their difference to the passing side does not pass and taking any
one from the failing side does not fail. Prints the two sides found, their difference, calls,
executions and verified (as JSON for code; as a unified diff for an external command).

With code:
${ISOLATE_CODE_HELP}

A change of code (the Debugging Book's ChangeDebugger): which of the edits between yesterday's
candidate and today's makes today's fail?
${ISOLATE_CHANGES_HELP}
${ISOLATE_HISTORY_HELP}

Two versions of a file or of a folder, or two commits, judged by an external command:
${ISOLATE_COMMAND_HELP}

Every form:
${ISOLATE_COMMON_HELP}

Exit status: 0 isolated and verified, 1 a verification property failed or a budget stopped it,
2 bad usage or bad input (a failing side that does not fail, a passing side that does not
pass), 130 stopped by Ctrl-C (the sides so far are printed and written, not verified).`;

/** `deltalab isolate`. */
export async function isolate(args: string[], out: (text: string) => void): Promise<number> {
  const { values, positionals } = parse(args, ISOLATE_OPTIONS, true);
  if (values.help) {
    out(ISOLATE_HELP);
    return 0;
  }
  if (values.raw && values.record === undefined) throw new UsageError('--raw needs --record FILE');
  // Checked before the run, so that a long run is not lost to a mistyped folder.
  checkOutputs(values, positionals);
  if (values.git === undefined && values.versions === undefined && positionals.length > 0) {
    throw new UsageError(`unexpected argument "${positionals[0]}"`);
  }
  if (values['oracle-cmd'] !== undefined || values.git !== undefined) {
    return isolateByCommand(values, positionals, out);
  }
  const format = values.format ?? 'json';
  if (format !== 'json' && format !== 'text') {
    throw new UsageError(`unknown --format "${format}"; use json or text`);
  }
  const changes = values.changes !== undefined;
  const config =
    values.versions !== undefined
      ? historyIsolation(values, positionals)
      : changes
        ? changesIsolation(values)
        : codeIsolation(values);
  const problems = configProblems(config);
  if (problems.length > 0) throw new UsageError(problemsText(problems));
  const live = await isolateWithCode(config, jobsOption(values.jobs));
  if (live.summary.status === 'not-failing' && live.summary.bisect) {
    throw new UsageError(`--versions: ${live.summary.message}`);
  }
  if (live.summary.status === 'not-failing') {
    const names = changes
      ? { fail: `--module ${values.module}`, pass: `--changes ${values.changes}` }
      : { fail: '--fail', pass: '--pass' };
    throw new UsageError(refusal(live, config, names, codeSaid));
  }
  return finish(live, config, values, format, out);
}

/** A verdict of code in words: its outcome, and its outputs or its error. */
function codeSaid(verdict: StoredVerdict): string {
  const error = verdict.error ? `: ${verdict.error.message}` : '';
  const outputs =
    verdict.expected !== undefined && verdict.actual !== undefined
      ? ` (expected ${JSON.stringify(verdict.expected)}, actual ${JSON.stringify(verdict.actual)})`
      : '';
  return `its outcome is ${verdict.outcome}${error}${outputs}`;
}

/**
 * Isolates with code in sandbox processes; with `jobs` > 1, that many candidate/reference pairs
 * (or predicates) judge the trials the next outcomes call for ahead. The code judges the empty
 * input too: it is `dd`'s passing side by default (see {@link sessionOracle}).
 */
async function isolateWithCode(config: IsolatingTask, jobs: number): Promise<LiveIsolation> {
  admitSandboxes(runtimeOf(config.code.language));
  const platform = nodePlatform(TOOL, commandTranspiler(TOOL));
  const oracle = sessionOracle(config, resolveCode(config.code), platform, jobs);
  return isolateLive(config, oracle, platform, 'edits');
}
