import { KINDS } from '../../core/input/kinds/registry.js';
import {
  INPUT_KINDS,
  isInputKind,
  isUnitSplit,
  type Json,
  namedKind,
  SPLITS,
} from '../../core/input/kinds.js';
import type { IsolationMode } from '../../core/isolate/types.js';
import { type IsolateConfig, type IsolateTask, inputProblem } from '../../core/session/config.js';
import { problemText } from '../../core/text/problems.js';
import { integer, type Options } from '../args.js';
import { CODE_HELP, CODE_OPTIONS, chooseCode } from '../code-options.js';
import { ENGINE_HELP, ENGINE_OPTIONS } from '../engine-options.js';
import { kindOf, parseJson } from '../input-options.js';
import { parseChase } from '../reduce/reduce-options.js';
import { UsageError } from '../usage-error.js';
import { MODE_NAMES } from './report.js';

/** The options of `deltalab isolate`, for every form of it. */
export const ISOLATE_OPTIONS = {
  ...CODE_OPTIONS,
  fail: { type: 'string' },
  pass: { type: 'string' },
  kind: { type: 'string' },
  split: { type: 'string' },
  mode: { type: 'string' },
  chase: { type: 'string' },
  timeout: { type: 'string' },
  'max-trials': { type: 'string' },
  'max-ms': { type: 'string' },
  'no-cache': { type: 'boolean' },
  'no-verify': { type: 'boolean' },
  jobs: { type: 'string' },
  'oracle-cmd': { type: 'string' },
  'invalid-exit': { type: 'string' },
  'expect-stderr': { type: 'string' },
  'expect-stdout': { type: 'string' },
  ...ENGINE_OPTIONS,
  'pass-file': { type: 'string' },
  'fail-file': { type: 'string' },
  'output-pass': { type: 'string' },
  'output-fail': { type: 'string' },
  git: { type: 'string' },
  changes: { type: 'string' },
  versions: { type: 'string' },
  call: { type: 'string' },
  format: { type: 'string' },
  history: { type: 'string' },
  record: { type: 'string' },
  raw: { type: 'boolean' },
  help: { type: 'boolean' },
} as const satisfies Options;

/** Help lines for the options every form takes. */
export const ISOLATE_COMMON_HELP = `  --mode M         diff (default: the Debugging Book's dd, "+-": both sides move until their
                   difference is 1-minimal) | min ("-": the passing side stays, the failing
                   one keeps edits that still fail, each of them needed) | max ("+": the
                   failing side stays, the passing one takes every edit that still passes)
  --timeout MS     per-call time budget
  --max-trials N   stop after N trials (the result is then not verified 1-minimal)
  --max-ms N       stop after N milliseconds of isolation
  --no-cache       judge repeated trials again instead of using the outcome cache
  --no-verify      skip the final check that the difference is 1-minimal
  --jobs N         judge up to N trials at once (the trials the next outcomes call for are
                   judged ahead: the same result and session as --jobs 1); not with
                   --changes or --versions
  --history H      full | summary (each trial's move, sizes and outcome, no inputs) | none
                   (default: full for code, summary for an external command)
  --record FILE    write the session (JSONL; --raw for one event per line), for
                   \`deltalab replay\`, which prints the same JSON without running anything
  --help           show this help`;

/** Help lines for the form that judges with code (`--module`). */
export const ISOLATE_CODE_HELP = `${CODE_HELP}
  --fail JSON      the failing input: an array of integers "[3,1,2]", a JSON string
                   '"<b>x</b>"' or an array of any JSON values
  --pass JSON      the passing input (default: the empty input of the kind, as dd starts;
                   the code judges it like any other)
  --kind K         int-array | string | array | args (a call with several arguments: --fail
                   and --pass are arrays of them; default: from --fail)
  --split S        ${SPLITS.join(' | ')}: the units a string (or a call's strings) is cut into
                   (default chars)
  --chase KIND     wrong-answer | crash | crash:SIGNATURE | timeout
  --format F       json (default) | text (each dd trial drawn: the sides, the block, the move)`;

/** Help lines for the forms that an external command judges (files, folders, commits). */
export const ISOLATE_COMMAND_HELP = `  --oracle-cmd CMD the test: {} in CMD is the trial's path (a file's is appended when CMD
                   has no {}; a folder's is not: CMD runs in it). Exit status 0 = FAIL (the
                   failure reproduces), any other = PASS; it must fail on the failing
                   version and pass on the passing one
  --pass-file P    the passing version: a file, or a folder
  --fail-file F    the failing version: a file (its text is on stdin too), or a folder (the
                   command runs in the trial's folder; units: the lines of the files that
                   differ, their modes, and each file, link or empty folder added or removed
                   whole; files alike are copied as they are, modes, links and empty folders
                   kept, and a .git folder is left out). A file is read up to 256 MiB
  --split S        lines (default) | words | chars: the units of a file's text
  --output-pass F  write the passing version found (a file, or a new folder)
  --output-fail F  write the failing version found
  --git GOOD BAD   inside a git repository: the hunks of git diff GOOD BAD are the units;
                   each trial applies some of them to GOOD in a temporary worktree (which
                   the command runs in, and {} names), removed at the end, even on Ctrl-C;
                   the working tree and the index are never touched
  --invalid-exit N the exit status that means INVALID (neither passes nor fails)
  --expect-stderr T  FAIL also needs T in the command's stderr (a different failure is PASS)
  --expect-stdout T  FAIL also needs T in its stdout
${ENGINE_HELP}
  --format F       diff (default: the difference as a unified diff; for --git, the hunks of
                   git diff GOOD BAD that make it) | json | text (each dd trial drawn)`;

/** Reads `--mode`: diff, min or max (or the book's `+-`, `-`, `+`: see {@link MODE_NAMES}). */
export function modeOption(value: unknown): IsolationMode {
  if (value === undefined) return '+-';
  for (const [mode, name] of Object.entries(MODE_NAMES)) {
    if (value === name || value === mode) return mode as IsolationMode;
  }
  throw new UsageError(`unknown --mode "${String(value)}"; use diff, min or max`);
}

/** The budgets and the cache of an isolation, from the options. */
export function isolationBudgets(
  values: Record<string, unknown>,
  callMs: number,
): Pick<IsolateTask, 'budgets' | 'cache' | 'verify'> {
  const timeout = integer(values.timeout, 'timeout') ?? callMs;
  if (timeout <= 0) throw new UsageError('--timeout must be positive');
  const maxTrials = integer(values['max-trials'], 'max-trials');
  const maxMs = integer(values['max-ms'], 'max-ms');
  return {
    cache: !values['no-cache'],
    budgets: {
      callMs: timeout,
      ...(maxTrials !== undefined ? { maxTrials } : {}),
      ...(maxMs !== undefined ? { maxMs } : {}),
    },
    ...(values['no-verify'] ? { verify: false } : {}),
  };
}

/** Refuses the options given that are not among `allowed` (each form takes its own). */
export function onlyOptions(
  values: Record<string, unknown>,
  allowed: readonly string[],
  form: string,
): void {
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && !allowed.includes(key)) {
      throw new UsageError(`--${key} does not go with ${form}`);
    }
  }
}

/** The options every form of `isolate` takes (its budgets, its outputs). */
export const EVERY_FORM = [
  'mode',
  'timeout',
  'max-trials',
  'max-ms',
  'no-cache',
  'no-verify',
  'jobs',
  'format',
  'history',
  'record',
  'raw',
];

/** The options the form with code takes. */
export const CODE_FORM = [
  ...Object.keys(CODE_OPTIONS),
  'fail',
  'pass',
  'kind',
  'split',
  'chase',
  ...EVERY_FORM,
];

/**
 * The session config of `isolate --module` (or `--example`): the code of the module (or the
 * lesson), `--fail` as the failing input and `--pass` (the empty input of its kind by default)
 * as the passing one.
 */
export function codeIsolation(values: Record<string, unknown>): IsolateTask {
  onlyOptions(values, CODE_FORM, '--module');
  if (typeof values.fail !== 'string') {
    throw new UsageError('give the failing input: --fail JSON (or --oracle-cmd, or --git)');
  }
  const chosen = chooseCode(values);
  const base = chosen.scenario.config;
  const fail = parseJson(values.fail, '--fail');
  const named = values.kind;
  if (named !== undefined && !isInputKind(named)) {
    throw new UsageError(`unknown --kind "${String(named)}"; use ${INPUT_KINDS.join(', ')}`);
  }
  const kind = named ?? kindOf(fail, '--fail');
  const pass: Json =
    typeof values.pass === 'string' ? parseJson(values.pass, '--pass') : KINDS[kind].empty(fail);
  for (const [side, input] of [
    ['--fail', fail],
    ['--pass', pass],
  ] as const) {
    const problem = inputProblem(input, kind);
    if (problem) throw new UsageError(`${side} is not of kind ${kind}: ${problemText(problem)}`);
  }
  const split = values.split;
  if (split !== undefined) {
    if (!isUnitSplit(split)) {
      throw new UsageError(`unknown --split "${String(split)}"; use ${SPLITS.join(', ')}`);
    }
    if (!KINDS[kind].splits) {
      throw new UsageError(`--split cuts strings; --fail is of kind ${kind}`);
    }
  }
  const isolate: IsolateConfig = { mode: modeOption(values.mode), pass };
  return {
    task: 'isolate',
    ...(chosen.name !== 'module' ? { example: chosen.name } : {}),
    code: chosen.code,
    ...namedKind(kind),
    ...(KINDS[kind].splits ? { split: split ?? 'chars' } : {}),
    input: fail,
    chase: typeof values.chase === 'string' ? parseChase(values.chase) : base.chase,
    ...isolationBudgets(values, base.budgets.callMs),
    isolate,
  };
}
