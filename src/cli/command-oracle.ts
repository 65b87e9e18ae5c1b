import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killGroup } from '../../workers/process/kill-group.js';
import type { CommandSpec } from '../core/code/refs.js';
import type { Json } from '../core/input/kinds.js';
import { defaultValid, emptyVerdict } from '../core/oracle/classify.js';
import type { Oracle } from '../core/oracle/oracle.js';
import type { Verdict } from '../core/oracle/verdict.js';
import { Guesses, type Guessing } from '../live/guesses.js';

/** How much of a command's output is kept in a verdict (the start of it). */
const KEPT_OUTPUT = 160;
/** How much of a command's output is read at all (the rest is drained and dropped). */
const READ_OUTPUT = 64 * 1024;

/** What a speculating oracle needs to know of the reduction to guess its next trials. */
export interface Speculation extends Guessing {
  jobs: number;
  start: Json;
}

/**
 * Judges text inputs by running an external command on each (see {@link CommandSpec}): the
 * trial is written to a fresh file in a temporary folder, and given on stdin. The command runs
 * in a process group of its own, ended whole when it runs past `callMs` (TIMEOUT) or when the
 * oracle is disposed. With `speculation.jobs > 1`, up to that many commands run at once: the
 * trials the reducer would ask for next if the pending ones pass are judged ahead, and the
 * reduction takes each verdict when it asks for that trial, so it does and records exactly what
 * it does with one job.
 */
export class CommandOracle implements Oracle {
  readonly #spec: CommandSpec;
  readonly #callMs: number;
  readonly #folder: string;
  /** Trials judged ahead, with more than one job. */
  readonly #guesses: Guesses | null = null;
  readonly #groups = new Set<number>();
  #trials = 0;
  #running = 0;

  constructor(spec: CommandSpec, callMs: number, speculation: Speculation | null = null) {
    this.#spec = spec;
    this.#callMs = callMs;
    this.#folder = mkdtempSync(join(tmpdir(), 'deltalab-'));
    if (speculation && speculation.jobs > 1) {
      const { jobs } = speculation;
      this.#guesses = new Guesses(
        speculation,
        { run: (input) => this.#counted(input), room: () => jobs - this.#running },
        jobs * 4,
      );
      this.#guesses.from(speculation.start);
    }
  }

  /** Nothing to load: the command is found when it first runs. */
  async load(): Promise<[]> {
    return [];
  }

  judge(input: Json): Promise<Verdict> {
    // The empty text is no input, as everywhere in Delta Lab: it is not run.
    if (!defaultValid(input)) return Promise.resolve(emptyVerdict(input));
    return this.#guesses ? this.#guesses.judge(input) : this.#counted(input);
  }

  async judgeBatch(inputs: readonly Json[]): Promise<Verdict[]> {
    const verdicts: Verdict[] = [];
    for (const input of inputs) verdicts.push(await this.judge(input));
    return verdicts;
  }

  /** Ends every command still running (and what it started) and removes the trial files. */
  dispose(): void {
    this.#guesses?.from(undefined);
    for (const group of this.#groups) killGroup(group);
    this.#groups.clear();
    rmSync(this.#folder, { recursive: true, force: true });
  }

  /** Runs the command on one trial, counted among those running. */
  #counted(input: Json): Promise<Verdict> {
    this.#running++;
    return this.#run(input as string).finally(() => {
      this.#running--;
    });
  }

  /** Runs the command on one trial. */
  #run(text: string): Promise<Verdict> {
    const trial = ++this.#trials;
    const folder = join(this.#folder, String(trial));
    mkdirSync(folder);
    const path = join(folder, this.#spec.name);
    writeFileSync(path, text);
    const quoted = `'${path.replace(/'/g, `'\\''`)}'`;
    const line = this.#spec.run.includes('{}')
      ? this.#spec.run.replaceAll('{}', quoted)
      : `${this.#spec.run} ${quoted}`;
    const began = performance.now();
    return new Promise<Verdict>((resolve) => {
      const child = spawn('/bin/sh', ['-c', line], {
        cwd: folder,
        detached: true,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      const group = child.pid;
      if (group !== undefined) this.#groups.add(group);
      const stdout = collector();
      const stderr = collector();
      child.stdout.on('data', stdout.add);
      child.stderr.on('data', stderr.add);
      child.stdin.on('error', () => {}); // a command that does not read its stdin
      child.stdin.end(text);
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        if (group !== undefined) killGroup(group);
      }, this.#callMs);
      let ended = false;
      const done = (code: number | null, signal: NodeJS.Signals | null) => {
        if (ended) return;
        ended = true;
        clearTimeout(timer);
        if (group !== undefined) {
          // Whatever the command left running in its group ends with it.
          killGroup(group);
          this.#groups.delete(group);
        }
        rmSync(folder, { recursive: true, force: true });
        const ms = Math.round((performance.now() - began) * 1000) / 1000;
        if (timedOut) {
          resolve({
            outcome: 'TIMEOUT',
            error: { name: 'Timeout', message: `ran longer than ${this.#callMs} ms` },
            ms,
          });
          return;
        }
        resolve(this.#verdict(code, signal, stdout.text(), stderr.text(), ms));
      };
      // The shell itself could not start: judged as a command that is not found.
      child.on('error', () => done(127, null));
      child.on('close', done);
    });
  }

  #verdict(
    code: number | null,
    signal: NodeJS.Signals | null,
    stdout: string,
    stderr: string,
    ms: number,
  ): Verdict {
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

/** Collects the start of a stream's text, draining the rest. */
function collector(): { add: (chunk: Buffer) => void; text: () => string } {
  const chunks: Buffer[] = [];
  let size = 0;
  return {
    add: (chunk) => {
      if (size >= READ_OUTPUT) return;
      chunks.push(chunk);
      size += chunk.length;
    },
    text: () => Buffer.concat(chunks).subarray(0, READ_OUTPUT).toString('utf8'),
  };
}
