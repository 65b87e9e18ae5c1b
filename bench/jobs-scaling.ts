import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PyRandom } from '../src/core/random/py-random.js';
import { commandEnv } from './command-env.js';
import { roundTo, type Samples, samples } from './stats.js';

// `npm run prepare && node dist/bench/jobs-scaling.js [RUNS] [JOBS,...]`, from the repository's
// root: whole `deltalab reduce --oracle-cmd` processes on a test that sleeps 0.25 s and uses no
// CPU (a stand-in for a test that runs on other machines), on a 1,024-line file whose failure
// needs two far-apart lines, at 1 to 32 jobs, by the one command (the pipeline), by `bisect`
// (`--split lines`) and by the syntax reducer's generic moves (`--split syntax` on a .txt file).
// Section 18.

/** One way of reducing at one number of jobs. */
export interface ScalingRow {
  /** `plain`: the one command (no --split: the pipeline); else the split given. */
  split: 'plain' | 'lines' | 'syntax';
  jobs: number;
  /** Times the test ran (counted by the test itself; the verification's runs included). */
  runs: number;
  /** Executions the session records (the same at every number of jobs). */
  executions: number;
  /** The result's length in characters (the same at every number of jobs). */
  size: number;
  wallMs: Samples;
  /** The median wall time over that of one job. */
  ratio: number;
  /** The 1-minute load average before the first run and after the last. */
  load: { before: number; after: number };
}

/** What section 18 reports: a row per split and number of jobs. */
export interface ScalingReport {
  sleep: number;
  lines: number;
  rows: ScalingRow[];
  /** Whether every number of jobs gave the same result and executions as one job. */
  same: boolean;
}

/** The test's sleep, in seconds. */
const SLEEP = 0.25;
const LINES = 1024;
export const SCALING_JOBS = [1, 2, 4, 8, 16, 32];

/** Reduces the file `runs` times at each number of jobs in `jobs`, both ways. */
export function measureJobsScaling(runs = 3, jobs = SCALING_JOBS): ScalingReport {
  const dir = mkdtempSync(join(tmpdir(), 'deltalab-bench-scaling-'));
  try {
    const random = new PyRandom(7);
    const lines = Array.from({ length: LINES }, (_, i) => `line ${i} ${random.randbelow(10 ** 6)}`);
    lines[100] = 'needleA here';
    lines[900] = 'needleB here';
    const input = join(dir, 'input.txt');
    writeFileSync(input, `${lines.join('\n')}\n`);
    const counter = join(dir, 'runs');
    const test = join(dir, 'test.sh');
    writeFileSync(
      test,
      `#!/bin/sh\necho x >> '${counter}'\nsleep ${SLEEP}\ngrep -q needleA "$1" && grep -q needleB "$1"\n`,
    );
    const rows: ScalingRow[] = [];
    let same = true;
    for (const split of ['plain', 'lines', 'syntax'] as const) {
      let one: ScalingRow | undefined;
      for (const n of jobs) {
        const before = loadavg()[0] ?? 0;
        const wall: number[] = [];
        let last = { runs: 0, executions: 0, size: 0, reduced: '' };
        for (let k = 0; k < runs; k++) {
          writeFileSync(counter, '');
          const began = performance.now();
          const run = spawnSync(
            process.execPath,
            [
              'bin/deltalab.js',
              'reduce',
              '--oracle-cmd',
              `sh ${test} {}`,
              '--input-file',
              input,
            ].concat(split === 'plain' ? [] : ['--split', split], ['--jobs', String(n)]),
            { encoding: 'utf8', env: commandEnv() },
          );
          wall.push(performance.now() - began);
          if (run.status !== 0) throw new Error(`deltalab reduce failed: ${run.stderr}`);
          const summary = JSON.parse(run.stdout) as { reduced: string; executions: number };
          last = {
            runs: readFileSync(counter, 'utf8').length / 2,
            executions: summary.executions,
            size: summary.reduced.length,
            reduced: summary.reduced,
          };
        }
        const wallMs = samples(wall, 0);
        const row: ScalingRow = {
          split,
          jobs: n,
          runs: last.runs,
          executions: last.executions,
          size: last.size,
          wallMs,
          ratio: one ? roundTo(wallMs.median / one.wallMs.median, 2) : 1,
          load: { before: roundTo(before, 2), after: roundTo(loadavg()[0] ?? 0, 2) },
        };
        one ??= row;
        if (row.executions !== one.executions || row.size !== one.size) same = false;
        rows.push(row);
      }
    }
    return { sleep: SLEEP, lines: LINES, rows, same };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Section 18's rows for the report's table. */
export function scalingRows(report: ScalingReport): string[][] {
  return report.rows.map((row, i) => [
    i === 0 ? `--jobs, ${report.sleep} s test, ${report.lines} lines` : '',
    `${row.split === 'plain' ? 'the one command' : `--split ${row.split}`} --jobs ${row.jobs}: wall (×1 job) / runs / executions`,
    `${roundTo(row.wallMs.median, 0)} ms (×${row.ratio}) / ${row.runs} / ${row.executions}, load ${row.load.before}→${row.load.after}`,
  ]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const jobs = process.argv[3]?.split(',').map(Number) ?? SCALING_JOBS;
  const report = measureJobsScaling(Number(process.argv[2] ?? 3), jobs);
  for (const row of report.rows) {
    process.stdout.write(
      `--split ${row.split.padEnd(6)} --jobs ${String(row.jobs).padStart(2)}: wall ${roundTo(row.wallMs.median, 0)} ms (×${row.ratio}; ${row.wallMs.runs.join(', ')}), ${row.runs} runs, ${row.executions} executions, ${row.size} chars, load ${row.load.before}→${row.load.after}\n`,
    );
  }
  process.stdout.write(`same result and executions at every number of jobs: ${report.same}\n`);
}
