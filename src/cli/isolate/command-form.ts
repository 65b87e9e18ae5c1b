import { basename } from 'node:path';
import { nodePlatform } from '../../../workers/process/platform.js';
import type { CommandSpec, CommandTree } from '../../core/code/refs.js';
import { isUnitSplit, type Json, SPLITS, type Split } from '../../core/input/kinds.js';
import { LIMITS } from '../../core/limits.js';
import type { IsolateSummary } from '../../core/run/run.js';
import { configProblems, type SessionConfig } from '../../core/session/config.js';
import type { StoredVerdict } from '../../core/session/events.js';
import { problemsText } from '../../core/text/problems.js';
import { guessingFor } from '../../live/guessing.js';
import { integer } from '../args.js';
import { commandSaid, jobsOption } from '../command-options.js';
import { CommandOracle, type CommandTrials, runsLine } from '../command-oracle.js';
import { engineTrials } from '../engine-options.js';
import type { TrialPlace } from '../trial-place.js';
import { UsageError } from '../usage-error.js';
import { TOOL } from '../version.js';
import { finish, refusal } from './end.js';
import { readVersions, writeVersion } from './files.js';
import { gitVersions } from './git.js';
import { EVERY_FORM, isolationBudgets, modeOption, onlyOptions } from './isolate-options.js';
import { isolateLive } from './live.js';
import type { IsolationFormat } from './report.js';
import { worktreeTrials } from './worktrees.js';

/** The options every command form takes. */
const COMMAND_FORM = [
  'oracle-cmd',
  'invalid-exit',
  'expect-stderr',
  'expect-stdout',
  'trial-dir',
  'retry-exit',
  'retries',
  ...EVERY_FORM,
];

/** Besides those, the form of two files or folders takes these, and `--git` its own. */
const FILES_FORM = [
  ...COMMAND_FORM,
  'pass-file',
  'fail-file',
  'split',
  'output-pass',
  'output-fail',
];
const GIT_FORM = [...COMMAND_FORM, 'git'];

/** What a command form isolates between, and how the command meets its trials. */
interface CommandForm {
  tree?: CommandTree;
  /** The name a trial's file or folder takes (the failing version's). */
  name: string;
  split?: Split;
  /** The two sides as inputs of a session. */
  pass: Json;
  fail: Json;
  place?: TrialPlace;
  /** The sides as messages name them. */
  names: { fail: string; pass: string };
  /** Writes a version found (`--output-pass`, `--output-fail`), where the form has them. */
  write?: (file: string, input: Json, option: string) => void;
  /** What a unit of the difference is called. */
  noun: 'edit' | 'hunk';
}

/**
 * `isolate --oracle-cmd`: two versions of a file or a folder (`--pass-file`, `--fail-file`), or
 * two commits (`--git GOOD BAD`), judged by an external command; prints the difference found as
 * a unified diff (or JSON, or each trial drawn) and writes the two versions found.
 */
export async function isolateByCommand(
  values: Record<string, unknown>,
  positionals: readonly string[],
  out: (text: string) => void,
): Promise<number> {
  const git = values.git !== undefined;
  onlyOptions(values, git ? GIT_FORM : FILES_FORM, git ? '--git' : '--pass-file and --fail-file');
  const run = values['oracle-cmd'];
  if (typeof run !== 'string' || run.trim() === '') {
    throw new UsageError('--oracle-cmd needs a command (it judges every trial)');
  }
  const format = (values.format ?? 'diff') as IsolationFormat;
  if (!['diff', 'json', 'text'].includes(format)) {
    throw new UsageError(`unknown --format "${String(values.format)}"; use diff, json or text`);
  }
  const mode = modeOption(values.mode);
  const jobs = jobsOption(values.jobs);
  const invalidExit = integer(values['invalid-exit'], 'invalid-exit');
  if (invalidExit !== undefined && (invalidExit < 1 || invalidExit > 255)) {
    throw new UsageError('--invalid-exit must be an exit status from 1 to 255');
  }
  const engine = engineTrials(values, invalidExit);
  const budgets = isolationBudgets(values, LIMITS.safeCallMs);
  const form = git ? gitForm(values.git as string, positionals, engine) : filesForm(values);
  const spec: CommandSpec = {
    run,
    name: form.name,
    ...(invalidExit !== undefined ? { invalidExit } : {}),
    ...(typeof values['expect-stderr'] === 'string'
      ? { expectStderr: values['expect-stderr'] }
      : {}),
    ...(typeof values['expect-stdout'] === 'string'
      ? { expectStdout: values['expect-stdout'] }
      : {}),
    ...(form.tree ? { tree: form.tree } : {}),
  };
  const config: SessionConfig = {
    task: 'isolate',
    code: { language: 'js', command: spec },
    kind: form.tree ? 'array' : 'string',
    ...(form.split ? { split: form.split } : {}),
    input: form.fail,
    chase: { kind: 'wrong-answer' },
    ...budgets,
    isolate: { mode, pass: form.pass },
  };
  const problems = configProblems(config);
  if (problems.length > 0) throw new UsageError(problemsText(problems));
  // With jobs, the trials dd may ask for next are judged ahead (see predictIsolation).
  const speculation = jobs > 1 ? { ...guessingFor(config), jobs, start: form.fail } : null;
  const oracle = new CommandOracle(spec, config.budgets.callMs, speculation, {
    ...(form.place ? { place: form.place } : {}),
    runEmpty: true,
    ...engine,
  });
  const live = await isolateLive(config, oracle, nodePlatform(TOOL), `${form.noun}s`);
  const { summary } = live;
  if (summary.status === 'not-failing') {
    const said = (verdict: StoredVerdict) => commandSaid(verdict, config.budgets.callMs).text;
    throw new UsageError(refusal(live, config, form.names, said));
  }
  if (form.write && summary.isolation) {
    const found: [string, Json][] = [
      ['output-pass', summary.isolation.pass],
      ['output-fail', summary.isolation.fail],
    ];
    for (const [option, input] of found) {
      const file = values[option];
      if (typeof file === 'string') form.write(file, input, `--${option}`);
    }
  }
  const code = finish(live, config, values, format, out);
  if (oracle.runs().lost > 0) process.stderr.write(runsLine(oracle.runs()));
  // The engine lost every run of a trial: stopped as by Ctrl-C, then said (exit status 1).
  if (live.lost) throw live.lost;
  if (format === 'diff') tellDifference(summary, form.noun);
  return code;
}

/** Two versions of a file or a folder: their units, and how a folder's trials are laid out. */
function filesForm(values: Record<string, unknown>): CommandForm {
  const [pass, fail] = [values['pass-file'], values['fail-file']];
  if (typeof pass !== 'string' || typeof fail !== 'string') {
    throw new UsageError(
      '--oracle-cmd isolates two versions: give --pass-file P and --fail-file F (or --git GOOD BAD)',
    );
  }
  const split = values.split ?? 'lines';
  if (!isUnitSplit(split)) {
    throw new UsageError(`unknown --split "${String(split)}"; use ${SPLITS.join(', ')}`);
  }
  const versions = readVersions(pass, fail, split);
  return {
    ...(versions.tree === 'folder' ? { tree: 'folder', place: versions.place } : { split }),
    name: versions.name,
    pass: versions.pass,
    fail: versions.fail,
    names: { fail: `the command on ${fail}`, pass: `the command on ${pass}` },
    write: (file, input, option) => writeVersion(file, input, versions, option),
    noun: 'edit',
  };
}

/**
 * Two commits: GOOD with none of the hunks of their diff, BAD with all of them; the worktrees
 * are made where the trials go (`--trial-dir`).
 */
function gitForm(
  good: string,
  positionals: readonly string[],
  engine: Pick<CommandTrials, 'under'>,
): CommandForm {
  const [bad, ...extra] = positionals;
  if (bad === undefined || extra.length > 0) {
    throw new UsageError('--git takes two commits: --git GOOD BAD');
  }
  const found = gitVersions(good, bad);
  return {
    tree: 'git',
    name: basename(found.top),
    pass: [],
    fail: found.hunks,
    place: worktreeTrials(found, engine.under),
    names: { fail: `the command on ${bad}`, pass: `the command on ${good}` },
    noun: 'hunk',
  };
}

/** After a unified diff on stdout, one line on stderr: how many units make the difference. */
function tellDifference(summary: IsolateSummary, noun: string): void {
  const count = summary.isolation?.difference.length;
  if (count === undefined) return;
  const verified = summary.verified ? 'verified 1-minimal' : 'not verified';
  process.stderr.write(
    `deltalab: ${count} ${noun}${count === 1 ? ' makes' : 's make'} the difference, ${verified} (${summary.calls} calls, ${summary.executions} executions)\n`,
  );
}
