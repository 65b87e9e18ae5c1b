import { nodePlatform } from '../../../workers/process/platform.js';
import { admitSandboxes } from '../../../workers/process/uncontained.js';
import { runtimeOf } from '../../core/code/refs.js';
import { shapeOf } from '../../core/input/kinds.js';
import { unitNoun } from '../../core/input/units.js';
import { sizeOf } from '../../core/input/value.js';
import type { Refusal } from '../../core/oracle/refusal.js';
import { UNPARSED, type Verdict } from '../../core/oracle/verdict.js';
import { type StageAt, stageAfter } from '../../core/reduce/stages.js';
import { reductionOf } from '../../core/run/run.js';
import { type RunStatus, StatusTracker } from '../../core/run/status.js';
import { configProblems, type ReduceTask } from '../../core/session/config.js';
import { problemsText } from '../../core/text/problems.js';
import { ParallelOracle } from '../../live/parallel-oracle.js';
import { refusing } from '../../live/refusing-oracle.js';
import { runLive } from '../../live/run-live.js';
import { sessionOracle } from '../../live/session-oracle.js';
import { parse } from '../args.js';
import { CODE_HELP, CODE_OPTIONS, chooseCode } from '../code-options.js';
import {
  COMMAND_HELP,
  COMMAND_OPTIONS,
  type CommandRun,
  commandRun,
  commandSaid,
  jobsOption,
} from '../command-options.js';
import { CommandOracle, runsLine } from '../command-oracle.js';
import { resolveCode } from '../examples.js';
import { checkOutputs } from '../output-paths.js';
import { withInputTree } from '../parsed-input.js';
import {
  SESSION_HELP,
  SESSION_OPTIONS,
  sessionConfig,
  withGrammar,
} from '../reduce/reduce-options.js';
import { statusLines } from '../reduce/status-lines.js';
import { stoppable } from '../signals.js';
import { historyDetail, OUTPUT_HELP, report } from '../summary-output.js';
import { commandTranspiler } from '../transpile-cache.js';
import { UsageError } from '../usage-error.js';
import { TOOL } from '../version.js';
import { writeAtomically, writeRecord } from '../write-file.js';

export const REDUCE_HELP = `Usage: deltalab reduce [options]

Finds a failing input (or takes --input), reduces it, verifies the result and prints one JSON
object: seed, attempts, original, expected, actual, reduced, reducedExpected, reducedActual,
calls, history, executions, reducer, verified (and more).

Options:
${CODE_HELP}
${SESSION_HELP}
${COMMAND_HELP}
${OUTPUT_HELP}
  --record FILE    write the session (JSONL, canonical packed form; --raw for one event per line)
  --raw            with --record: write one event per line
  --help           show this help

Exit status: 0 reduced and verified, 1 a verification property failed or nothing was found,
2 bad usage or bad input (for example a start input that does not fail), 130 stopped by
Ctrl-C (the best result so far is printed and written, not verified 1-minimal).`;

/** `deltalab reduce`. */
export async function reduce(args: string[], out: (text: string) => void): Promise<number> {
  const { values } = parse(args, {
    ...CODE_OPTIONS,
    ...SESSION_OPTIONS,
    ...COMMAND_OPTIONS,
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
  checkOutputs(values);
  if (values['oracle-cmd'] !== undefined) {
    return reduceByCommand(await withSyntax(commandRun(values)), values, format, out);
  }
  const { config, refuse } = await withGrammar(sessionConfig(chooseCode(values), values), values);
  const problems = configProblems(config);
  if (problems.length > 0) throw new UsageError(problemsText(problems));
  const recorded = await record(
    config,
    format === 'text' ? statusLines() : undefined,
    jobsOption(values.jobs),
    refuse,
  );
  const { session } = recorded;
  const summary = reductionOf(recorded.summary);
  // A refused run leaves the file as it was: refused before anything is written.
  if (summary.status === 'not-failing') {
    throw new UsageError(summary.message ?? 'the input does not fail');
  }
  if (typeof values.record === 'string') writeRecord(values.record, session, values.raw === true);
  return report(summary, format, out, historyDetail(values.history), summary);
}

/**
 * `reduce --oracle-cmd`: an external command judges each trial. Progress goes to stderr once a
 * second; Ctrl-C stops at the next trial and keeps the best result so far.
 */
async function reduceByCommand(
  run: CommandRun,
  values: Record<string, unknown>,
  format: string,
  out: (text: string) => void,
): Promise<number> {
  const { config } = run;
  const problems = configProblems(config);
  if (problems.length > 0) throw new UsageError(problemsText(problems));
  // The first Ctrl-C stops at the next trial and keeps what was found; a second one ends at once.
  const { result, stopped: interrupted } = await stoppable((stopped) =>
    recordByCommand(run, stopped, values.jobs !== undefined),
  );
  const { session, start } = result;
  const summary = reductionOf(result.summary);
  if (summary.status === 'not-failing') {
    const said = commandSaid(start, config.budgets.callMs);
    throw new UsageError(
      said.notFound ? said.text : `the input does not fail under the command: ${said.text}`,
    );
  }
  if (typeof values.record === 'string') writeRecord(values.record, session, values.raw === true);
  if (run.output && typeof summary.reduced === 'string') {
    writeAtomically(run.output, summary.reduced, '--output');
  }
  const code = report(summary, format, out, historyDetail(values.history), summary);
  // The engine lost every run of a trial: stopped as by Ctrl-C, then said (exit status 1).
  if (result.lost) throw result.lost;
  if (interrupted) {
    process.stderr.write(
      'deltalab: stopped by Ctrl-C: the best result so far is shown, not verified 1-minimal\n',
    );
    return 130;
  }
  return code;
}

/**
 * A command run whose input is reduced by syntax, with what refuses its trials that do not parse
 * (unless the start does not parse either: the failure may then be the syntax error itself).
 */
interface SyntaxRun extends CommandRun {
  refuse?: Refusal;
}

/**
 * With `--split syntax` and a language: the grammar loaded, the language and the input's tree in
 * the config (the session keeps it, so that a replay needs no parser), and what refuses trials.
 */
async function withSyntax(run: CommandRun): Promise<SyntaxRun> {
  if (!run.language) return run;
  const { config, refuse } = await withInputTree({ ...run.config, language: run.language });
  // The pipeline runs every trial, as C-Vise does: a grammar is stricter than many a compiler (C
  // with an implicit int), and its later stages cut what no longer parses on the way to less.
  const refusing = refuse && config.reducer !== 'pipeline';
  return { ...run, config, ...(refusing ? { refuse } : {}) };
}

/** Runs a command reduction; returns its summary, its JSONL and the start input's verdict. */
async function recordByCommand(run: SyntaxRun, cancelled: () => boolean, tellRuns: boolean) {
  const { config, refuse } = run;
  const platform = nodePlatform(TOOL);
  const command = new CommandOracle(
    run.spec,
    config.budgets.callMs,
    {
      jobs: run.jobs,
      reducer: config.reducer,
      start: config.input as string,
      shape: shapeOf(config),
      chase: config.chase,
      ...(config.syntax ? { syntax: config.syntax } : {}),
    },
    run.engine,
  );
  // Trials that no longer parse are refused before the command (and its guesses) see them.
  const oracle = refuse ? refusing(command, refuse) : command;
  const shape = shapeOf(config);
  const whole = sizeOf(config.input as string, shape);
  const noun = `${unitNoun(shape)}s`;
  let start: Verdict | undefined;
  let unparsed = 0;
  /** The stage of the pipeline the last trial was in, and its round. */
  let stage: StageAt | undefined;
  const tracker = new StatusTracker(() => platform.clock());
  const ticker = setInterval(() => {
    const { trials, size, elapsedMs } = tracker.status();
    const skipped = refuse ? `, ${unparsed} not run (do not parse)` : '';
    const where = stage ? `, round ${stage.round} ${stage.stage}` : '';
    process.stderr.write(
      `deltalab: ${trials} trials${skipped}${where}, size ${size ?? whole} of ${whole} ${noun}, ${(elapsedMs / 1000).toFixed(0)} s\n`,
    );
  }, 1000);
  try {
    const outcome = await runLive(config, oracle, platform, {
      cancelled: () => cancelled() || command.lostRun() !== undefined,
      onEvent: (event) => {
        tracker.observe(event);
        if (event.type === 'call' && event.error?.name === UNPARSED) unparsed++;
        if (event.type === 'decision' && event.stage !== undefined)
          stage = stageAfter(stage, event.stage);
        if (event.type === 'call' && event.phase === 'confirm') {
          const {
            seq: _seq,
            type: _type,
            phase: _phase,
            execution: _e,
            input: _i,
            ...verdict
          } = event;
          start = verdict;
        }
      },
    });
    if (!outcome.ok) throw new UsageError('the command could not be started');
    // With --jobs given (the default, the machine's cores, is quiet), or runs lost, the test runs
    // are counted.
    const { lost } = command.runs();
    if ((tellRuns && run.jobs > 1) || lost > 0) process.stderr.write(runsLine(command.runs()));
    return {
      summary: outcome.summary,
      session: outcome.session,
      start,
      lost: command.lostRun(),
    };
  } finally {
    clearInterval(ticker);
    command.dispose();
  }
}

/**
 * Runs a session live in sandbox processes; returns its summary and its session. With `onStatus`,
 * tells where the run is, once a second from its second second on. With `jobs` > 1, that many
 * candidate/reference pairs judge side by side (see {@link ParallelOracle}).
 */
export async function record(
  config: ReduceTask,
  onStatus?: (status: RunStatus) => void,
  jobs = 1,
  refuse?: Refusal,
) {
  admitSandboxes(runtimeOf(config.code.language));
  const platform = nodePlatform(TOOL, commandTranspiler(TOOL));
  const live = sessionOracle(config, resolveCode(config.code), platform, jobs);
  const oracle = refuse ? refusing(live, refuse) : live;
  const tracker = new StatusTracker(() => platform.clock());
  const ticker = onStatus ? setInterval(() => onStatus(tracker.status()), 1000) : undefined;
  try {
    const outcome = await runLive(config, oracle, platform, {
      onEvent: (event) => {
        tracker.observe(event);
        if (live instanceof ParallelOracle && event.type === 'call') {
          // Guesses are made from the confirmed failure until the check of the result begins.
          if (event.phase === 'confirm') live.reduceFrom(event.input);
          if (event.phase === 'verify') live.reduced();
        }
      },
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
      session: outcome.session,
    };
  } finally {
    clearInterval(ticker);
    live.dispose();
  }
}
