import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve as absolute, join } from 'node:path';
import { killGroup } from '../../workers/process/kill-group.js';
import type { CommandSpec } from '../core/code/refs.js';
import type { Json } from '../core/input/kinds.js';
import { defaultValid, emptyVerdict } from '../core/oracle/classify.js';
import type { LookAhead, Oracle } from '../core/oracle/oracle.js';
import type { Verdict } from '../core/oracle/verdict.js';
import { Guesses } from '../live/guesses.js';
import type { Guessing } from '../live/guessing.js';
import { LostRun, type RetryRule } from './lost-runs.js';
import { type CommandEnd, runCommand } from './run-command.js';
import { fileTrials, type LaidTrial, type TrialPlace } from './trial-place.js';

/** How much of a command's output is kept in a verdict (the start of it). */
const KEPT_OUTPUT = 160;

/** What a speculating oracle needs to know of the reduction to guess its next trials. */
export interface Speculation extends Guessing {
  jobs: number;
  start: Json;
}

/**
 * How a command oracle lays out its trials, and whether it runs the command on the empty input.
 * (Trials not worth running, a program's that no longer parse, are refused around it: see
 * `live/refusing-oracle.ts`.)
 */
export interface CommandTrials {
  /** Where a trial goes (default: its text in a file named as the spec says, also on stdin). */
  place?: TrialPlace;
  /**
   * Runs the command on the empty input too, which is otherwise INVALID without running
   * anything: an isolation may start from it (an empty file, no hunks applied).
   */
  runEmpty?: boolean;
  /**
   * The folder the run's own folder of trials is made in (`--trial-dir`: one the machines that
   * run the command share); default: the system's temporary folder.
   */
  under?: string;
  /** The exit status that means the engine lost a run, and how often it runs again. */
  retry?: RetryRule;
}

/**
 * Judges inputs by running an external command on each (see {@link CommandSpec}): by default
 * the trial is text, written to a fresh file in a temporary folder and given on stdin; a
 * {@link TrialPlace} lays it out otherwise (a folder, a git worktree). The command runs
 * in a process group of its own, ended whole when it runs past `callMs` (TIMEOUT) or when the
 * oracle is disposed. With `speculation.jobs > 1`, up to that many commands run at once: the
 * trial asked for at once, and the trials the reduction is likeliest to ask for next, along both
 * outcomes of those not yet judged (see {@link Guesses}); the reduction takes each verdict when it
 * asks for that trial, so it does and records exactly what it does with one job.
 */
export class CommandOracle implements Oracle {
  readonly #spec: CommandSpec;
  readonly #callMs: number;
  readonly #folder: string;
  /** Trials judged ahead, with more than one job. */
  readonly #guesses: Guesses | null = null;
  readonly #groups = new Set<number>();
  readonly #place: TrialPlace;
  readonly #runEmpty: boolean;
  readonly #retry: RetryRule | undefined;
  /** Removes what the oracle made when the process exits under it (a second Ctrl-C, a kill). */
  readonly #onExit = () => this.dispose();
  #trials = 0;
  /** Runs the engine lost, and the trial it lost every run of (the run then stops). */
  #lost = 0;
  #gaveUp: LostRun | undefined;
  #running = 0;
  #disposed = false;

  constructor(
    spec: CommandSpec,
    callMs: number,
    speculation: Speculation | null = null,
    trials: CommandTrials = {},
  ) {
    this.#spec = spec;
    this.#callMs = callMs;
    this.#place = trials.place ?? fileTrials(spec.name);
    this.#runEmpty = trials.runEmpty === true;
    this.#retry = trials.retry;
    // A folder of its own, never one that was there: dispose removes it and nothing else.
    this.#folder = mkdtempSync(join(absolute(trials.under ?? tmpdir()), 'deltalab-'));
    process.once('exit', this.#onExit);
    if (speculation && speculation.jobs > 1) {
      const { jobs } = speculation;
      this.#guesses = new Guesses(
        speculation,
        {
          run: (input, signal) => this.#counted(input, signal),
          room: () => jobs - this.#running,
          jobs,
        },
        jobs * 4,
      );
      this.#guesses.from(speculation.start);
    }
  }

  /** Nothing to load: the command is found when it first runs. */
  async load(): Promise<[]> {
    return [];
  }

  /** Judges one trial; with more than one job, `ahead` names the trials to judge ahead. */
  judge(input: Json, ahead?: LookAhead): Promise<Verdict> {
    // The empty text is no input, as everywhere in Delta Lab: it is not run (unless asked to).
    if (!this.#runEmpty && !defaultValid(input)) return Promise.resolve(emptyVerdict(input));
    return this.#guesses ? this.#guesses.judge(input, ahead) : this.#counted(input);
  }

  /**
   * How many times the command ran, and of those runs, how many
   * were judged ahead and never asked for, and how many of those were stopped before their end;
   * how many the engine lost (see {@link RetryRule}).
   */
  runs(): { runs: number; wasted: number; stopped: number; lost: number } {
    return {
      runs: this.#trials,
      ...(this.#guesses?.counts() ?? { wasted: 0, stopped: 0 }),
      lost: this.#lost,
    };
  }

  /**
   * Why the run must stop, once the engine lost every run of a trial (also of one judged ahead):
   * the trial has no verdict. A run stops at its next trial once this is set (see `reduce.ts`).
   */
  lostRun(): LostRun | undefined {
    return this.#gaveUp;
  }

  async judgeBatch(inputs: readonly Json[]): Promise<Verdict[]> {
    const verdicts: Verdict[] = [];
    for (const input of inputs) verdicts.push(await this.judge(input));
    return verdicts;
  }

  /**
   * Ends every command still running (and what it started), removes the trial files and what
   * the trial place made (worktrees). Synchronous, so that it can run on the way out of the
   * process; safe to call twice.
   */
  dispose(): void {
    this.#disposed = true;
    process.off('exit', this.#onExit);
    this.#guesses?.from(undefined);
    for (const group of this.#groups) killGroup(group);
    this.#groups.clear();
    rmSync(this.#folder, { recursive: true, force: true });
    this.#place.dispose?.();
  }

  /**
   * Runs the command on one trial, counted among those running; `signal` ends it early (a guess
   * no longer wanted).
   */
  #counted(input: Json, signal?: AbortSignal): Promise<Verdict> {
    this.#running++;
    return this.#retried(input, signal).finally(() => {
      this.#running--;
    });
  }

  /**
   * Runs the command on one trial until the engine does not lose the run, at most `retries` times
   * more (each run on the trial freshly laid out); when every run was lost, throws {@link LostRun}.
   */
  async #retried(input: Json, signal?: AbortSignal): Promise<Verdict> {
    const runs: number[] = [];
    for (;;) {
      const verdict = await this.#laid(input, runs, signal);
      if (verdict) return verdict;
      this.#lost++;
      const rule = this.#retry as RetryRule;
      if (runs.length > rule.retries) {
        this.#gaveUp ??= new LostRun(rule, runs, sizeText(input));
        throw this.#gaveUp;
      }
    }
  }

  /**
   * Lays a trial out in a fresh folder of its own, then runs the command on it (the run's number
   * added to `runs`); null when the engine lost the run.
   */
  async #laid(input: Json, runs: number[], signal?: AbortSignal): Promise<Verdict | null> {
    if (this.#disposed) throw new Error('the command oracle is disposed');
    const run = ++this.#trials;
    runs.push(run);
    const folder = join(this.#folder, String(run));
    mkdirSync(folder);
    let laid: LaidTrial | undefined;
    try {
      laid = await this.#place.lay(input, folder);
      if (this.#disposed) throw new Error('the command oracle is disposed');
      if (laid.invalid !== undefined) {
        return { outcome: 'INVALID', error: { name: 'Invalid', message: laid.invalid } };
      }
      if (signal?.aborted) throw new Error('the trial is no longer wanted');
      return await this.#run(laid, signal);
    } finally {
      laid?.release?.();
      rmSync(folder, { recursive: true, force: true });
    }
  }

  /** Runs the command on one laid-out trial: its verdict, or null when the engine lost the run. */
  async #run(laid: LaidTrial, abort?: AbortSignal): Promise<Verdict | null> {
    const { path } = laid;
    const quoted = `'${path.replace(/'/g, `'\\''`)}'`;
    // A file's path is appended when the command names none (`grep -q x`); a folder's is not:
    // the command runs in it (`make test`).
    const line = this.#spec.run.includes('{}')
      ? this.#spec.run.replaceAll('{}', quoted)
      : this.#spec.tree
        ? this.#spec.run
        : `${this.#spec.run} ${quoted}`;
    const end = await runCommand(line, laid, this.#callMs, this.#groups, abort);
    if (end.timedOut) {
      return {
        outcome: 'TIMEOUT',
        error: { name: 'Timeout', message: `ran longer than ${this.#callMs} ms` },
        ms: end.ms,
      };
    }
    // A run the engine lost says nothing of the trial: it is no verdict (not even PASS).
    if (end.code !== null && end.code === this.#retry?.exit) return null;
    return this.#verdict(end);
  }

  #verdict({ code, signal, stdout, stderr, ms }: CommandEnd): Verdict {
    const spec = this.#spec;
    const exit = code ?? (signal ? `killed by ${signal}` : 'unknown');
    const said = (stderr || stdout).slice(0, KEPT_OUTPUT);
    const actual = { exit, ...(said ? { output: said } : {}) };
    if (spec.invalidExit !== undefined && code === spec.invalidExit) {
      return { outcome: 'INVALID', actual, ms };
    }
    const interesting =
      code === 0 &&
      (spec.expectStderr === undefined || stderr.includes(spec.expectStderr)) &&
      (spec.expectStdout === undefined || stdout.includes(spec.expectStdout));
    return { outcome: interesting ? 'FAIL' : 'PASS', actual, ms };
  }
}

/** The line `reduce --jobs N` ends with on stderr: the runs of the test, and the wasted ones. */
export function runsLine({
  runs,
  wasted,
  stopped,
  lost,
}: ReturnType<CommandOracle['runs']>): string {
  const engine = lost > 0 ? `, ${lost} lost by the engine (no verdict)` : '';
  return `deltalab: ${runs} test runs, ${wasted} judged ahead and not needed (${stopped} stopped early)${engine}\n`;
}

/** How large a trial is, in words: a text's bytes, or a list's parts. */
function sizeText(input: Json): string {
  if (typeof input === 'string') return `${Buffer.byteLength(input)} bytes`;
  return Array.isArray(input) ? `${input.length} parts` : 'one value';
}
