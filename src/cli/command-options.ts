import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import type { CommandSpec } from '../core/code/refs.js';
import { ALL_SPLITS, isSplit } from '../core/input/kinds.js';
import { LIMITS } from '../core/limits.js';
import {
  defaultReducer,
  isReducerName,
  REDUCER_NAMES,
  REDUCERS,
  readsSyntax,
} from '../core/reduce/reducers.js';
import type { ReduceTask } from '../core/session/config.js';
import {
  isLanguage,
  LANGUAGES,
  type Language,
  languageOfFile,
  languageOfText,
} from '../live/syntax/languages.js';
import { integer, type Options } from './args.js';
import type { CommandTrials } from './command-oracle.js';
import { ENGINE_HELP, ENGINE_OPTIONS, engineTrials } from './engine-options.js';
import { chooseInput } from './input-options.js';
import { UsageError } from './usage-error.js';

/** The options of `reduce --oracle-cmd`: an external command judges each trial. */
export const COMMAND_OPTIONS = {
  'oracle-cmd': { type: 'string' },
  'invalid-exit': { type: 'string' },
  'expect-stderr': { type: 'string' },
  'expect-stdout': { type: 'string' },
  output: { type: 'string' },
  'in-place': { type: 'boolean' },
  'no-verify': { type: 'boolean' },
  jobs: { type: 'string' },
  language: { type: 'string' },
  ...ENGINE_OPTIONS,
} as const satisfies Options;

/** Help lines for {@link COMMAND_OPTIONS}. */
export const COMMAND_HELP = `  --oracle-cmd CMD reduce --input-file FILE with an external command instead of code: each
                   trial is written to a fresh file, {} in CMD is its path (appended when
                   there is no {}), and it is also on stdin. Exit status 0 = FAIL (the
                   trial is interesting), any other = PASS. With no --split and no
                   --reducer, the file goes through the pipeline: its syntax (when its
                   language has a grammar), then lines, then brackets and tokens, then
                   characters, round after round until a round changes nothing. --split
                   picks one stage: lines, words or chars by blocks, or syntax alone (trials
                   that do not parse are not run when the start parses)
  --language L     ${LANGUAGES.join(' | ')} (default: from the file's name, else its first
                   line; a file of no known language skips the syntax stage)
  --invalid-exit N the exit status that means INVALID
  --expect-stderr T  FAIL also needs T in the command's stderr (a different crash is PASS)
  --expect-stdout T  FAIL also needs T in its stdout
${ENGINE_HELP}
  --output FILE    write the reduced text to FILE (never over the input without --in-place)
  --in-place       write the reduced text over the input file
  --no-verify      skip the final 1-minimality check
  --jobs N         run up to N trials at once: N commands (default: the machine's cores, at
                   most 64), or N candidate/reference pairs of workers for code (default 1);
                   the trials likeliest to be needed are judged ahead, the one asked for never
                   waits (the same result and session as --jobs 1 when a verdict depends on
                   the input alone)`;

/** The options besides the command's that a command reduction takes. */
const ALLOWED = new Set([
  'input-file',
  'input',
  'split',
  'reducer',
  'timeout',
  'max-trials',
  'max-ms',
  'no-cache',
  'format',
  'history',
  'record',
  'raw',
  ...Object.keys(COMMAND_OPTIONS),
]);

/** What `reduce --oracle-cmd` does besides recording: where the result goes, how many jobs. */
export interface CommandRun {
  config: ReduceTask;
  spec: CommandSpec;
  jobs: number;
  /** The file the reduced text is written to, if any. */
  output?: string;
  /** With `--split syntax`: the language whose grammar reads the input (none: generic moves). */
  language?: Language;
  /** Where the trials go (`--trial-dir`), and the exit status of a lost run (`--retry-exit`). */
  engine: Pick<CommandTrials, 'under' | 'retry'>;
}

/** The session config and the rest of a command reduction, from the options. */
export function commandRun(values: Record<string, unknown>): CommandRun {
  const run = values['oracle-cmd'];
  if (typeof run !== 'string' || run.trim() === '') {
    throw new UsageError('--oracle-cmd needs a command');
  }
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && !ALLOWED.has(key)) {
      throw new UsageError(`--${key} does not go with --oracle-cmd`);
    }
  }
  if (values['input-file'] === undefined && values.input === undefined) {
    throw new UsageError('--oracle-cmd reduces a file: give --input-file FILE');
  }
  if (values.split !== undefined && !isSplit(values.split)) {
    throw new UsageError(`unknown --split "${String(values.split)}"; use ${ALL_SPLITS.join(', ')}`);
  }
  const given = chooseInput({ ...values, kind: 'string' }, 'string');
  const file = values['input-file'] as string | undefined;
  const invalidExit = integer(values['invalid-exit'], 'invalid-exit');
  if (invalidExit !== undefined && (invalidExit < 1 || invalidExit > 255)) {
    throw new UsageError('--invalid-exit must be an exit status from 1 to 255');
  }
  const engine = engineTrials(values, invalidExit);
  const spec: CommandSpec = {
    run,
    name: file ? basename(file) : 'input.txt',
    ...(invalidExit !== undefined ? { invalidExit } : {}),
    ...(typeof values['expect-stderr'] === 'string'
      ? { expectStderr: values['expect-stderr'] }
      : {}),
    ...(typeof values['expect-stdout'] === 'string'
      ? { expectStdout: values['expect-stdout'] }
      : {}),
  };
  // No --split and no --reducer: the pipeline (syntax, lines, tokens, characters); --split or
  // --reducer picks one stage.
  const treeReducer =
    typeof values.reducer === 'string' &&
    isReducerName(values.reducer) &&
    readsSyntax(values.reducer);
  const piped = values.split === undefined && (values.reducer === undefined || treeReducer);
  const syntax = values.split === 'syntax' || treeReducer || piped;
  if (values.split === 'syntax' && values.reducer !== undefined && !treeReducer) {
    throw new UsageError(
      '--split syntax reduces with the syntax reducer or the pipeline: leave out --reducer',
    );
  }
  if (treeReducer && values.split !== undefined && values.split !== 'syntax') {
    throw new UsageError(`the ${String(values.reducer)} reducer cuts by syntax: leave out --split`);
  }
  if (values.language !== undefined && !syntax) {
    throw new UsageError('--language goes with the pipeline or --split syntax');
  }
  if (values.language !== undefined && !isLanguage(values.language)) {
    throw new UsageError(
      `unknown --language "${String(values.language)}"; known: ${LANGUAGES.join(', ')}`,
    );
  }
  const language = syntax
    ? ((values.language as Language | undefined) ??
      (file ? languageOfFile(file) : undefined) ??
      languageOfText(given.input as string))
    : undefined;
  const reducer =
    values.reducer ?? (piped ? 'pipeline' : syntax ? 'syntax' : defaultReducer('string'));
  if (typeof reducer !== 'string' || !isReducerName(reducer)) {
    throw new UsageError(
      `unknown reducer "${String(reducer)}"; known: ${REDUCER_NAMES.join(', ')}`,
    );
  }
  if (!REDUCERS[reducer].kinds.includes('string')) {
    throw new UsageError(`the reducer ${reducer} does not reduce text`);
  }
  const timeout = integer(values.timeout, 'timeout') ?? LIMITS.safeCallMs;
  if (timeout <= 0) throw new UsageError('--timeout must be positive');
  const maxTrials = integer(values['max-trials'], 'max-trials');
  const maxMs = integer(values['max-ms'], 'max-ms');
  const jobs = jobsOption(values.jobs, machineJobs());
  const output = values['in-place'] ? file : (values.output as string | undefined);
  if (values['in-place'] && !file) throw new UsageError('--in-place needs --input-file');
  if (values['in-place'] && values.output !== undefined) {
    throw new UsageError('give --output or --in-place, not both');
  }
  const config: ReduceTask = {
    task: 'reduce',
    code: { language: 'js', command: spec },
    kind: 'string',
    split: syntax ? 'syntax' : ((values.split as ReduceTask['split']) ?? 'lines'),
    input: given.input as string,
    reducer,
    chase: { kind: 'wrong-answer' },
    cache: !values['no-cache'],
    budgets: {
      callMs: timeout,
      ...(maxTrials !== undefined ? { maxTrials } : {}),
      ...(maxMs !== undefined ? { maxMs } : {}),
    },
    ...(values['no-verify'] ? { verify: false } : {}),
  };
  return {
    config,
    spec,
    jobs,
    engine,
    ...(output ? { output } : {}),
    ...(language ? { language } : {}),
  };
}

/** `--jobs N`: how many trials run at once, 1 to 64 (`fallback` when not given). */
export function jobsOption(value: unknown, fallback = 1): number {
  const jobs = integer(value, 'jobs') ?? fallback;
  if (jobs < 1 || jobs > 64) throw new UsageError('--jobs must be from 1 to 64');
  return jobs;
}

/** The jobs a command reduction runs by default: one per core of the machine, at most 64. */
export function machineJobs(): number {
  return Math.max(1, Math.min(64, availableParallelism()));
}

/**
 * A command's verdict in words: that the command is not found (exit status 127), that it ran
 * past `callMs`, or its exit status (and INVALID when it means that); then the start of what it
 * printed.
 */
export function commandSaid(
  verdict: { outcome: string; actual?: unknown } | undefined,
  callMs: number,
): { notFound: boolean; text: string } {
  const said = verdict?.actual as { exit?: unknown; output?: string } | undefined;
  const exit = said?.exit;
  const head = said?.output
    ?.split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, 3)
    .join(' | ');
  if (exit === 127) {
    return {
      notFound: true,
      text: `the command is not found (exit status 127)${head ? `: ${head}` : ''}`,
    };
  }
  const how =
    verdict?.outcome === 'TIMEOUT'
      ? `it ran longer than ${callMs} ms`
      : `its exit status is ${String(exit)}${verdict?.outcome === 'INVALID' ? ' (INVALID)' : ''}`;
  return { notFound: false, text: `${how}${head ? `; its output begins: ${head}` : ''}` };
}
