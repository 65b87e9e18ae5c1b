import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PyRandom } from '../src/core/random/py-random.js';
import { commandEnv } from './command-env.js';
import { roundTo, type Samples, samples } from './stats.js';

// `npm run prepare && node dist/bench/jobs-slow.js [RUNS]`, from the repository's root: whole
// `deltalab reduce --oracle-cmd` processes on a slow test (a 30 ms sleep, then four greps),
// with 1 and 2 jobs, for the default reducer and the previous one. Part of section 14.

/** One reducer at one number of jobs. */
export interface JobsRow {
  reducer: string;
  jobs: number;
  /** Times the test command ran (the verification's runs included). */
  runs: number;
  /** Executions the session records (the same at every number of jobs). */
  executions: number;
  /** Lines left. */
  size: number;
  wallMs: Samples;
}

/** The test's sleep, in seconds. */
const SLEEP = 0.03;
const LINES = 200;

/** Reduces a 200-line file whose failure needs four scattered lines, `runs` times each way. */
export function measureSlowJobs(runs = 3): JobsRow[] {
  const dir = mkdtempSync(join(tmpdir(), 'deltalab-bench-jobs-'));
  try {
    const random = new PyRandom(42);
    const lines = Array.from({ length: LINES }, (_, i) => `line ${i} ${random.randbelow(10 ** 6)}`);
    [23, 88, 141, 170].forEach((at, i) => {
      lines[at] = `needle${i} here`;
    });
    const input = join(dir, 'input.txt');
    writeFileSync(input, `${lines.join('\n')}\n`);
    const counter = join(dir, 'runs');
    const test = join(dir, 'test.sh');
    const greps = [0, 1, 2, 3].map((i) => `grep -q needle${i} "$1"`).join(' && ');
    writeFileSync(test, `#!/bin/sh\necho x >> '${counter}'\nsleep ${SLEEP}\n${greps}\n`);
    const rows: JobsRow[] = [];
    for (const reducer of ['bisect', 'chunks-resume']) {
      for (const jobs of [1, 2]) {
        const wall: number[] = [];
        let last = { runs: 0, executions: 0, size: 0 };
        for (let k = 0; k < runs; k++) {
          writeFileSync(counter, '');
          const began = performance.now();
          const run = spawnSync(
            process.execPath,
            [
              'bin/deltalab.js',
              'reduce',
              '--oracle-cmd',
              `sh ${test}`,
              '--input-file',
              input,
            ].concat(['--reducer', reducer, '--jobs', String(jobs)]),
            { encoding: 'utf8', env: commandEnv() },
          );
          wall.push(performance.now() - began);
          if (run.status !== 0) throw new Error(`deltalab reduce failed: ${run.stderr}`);
          const summary = JSON.parse(run.stdout) as { reduced: string; executions: number };
          last = {
            runs: readFileSync(counter, 'utf8').length / 2,
            executions: summary.executions,
            size: summary.reduced.split('\n').length - 1,
          };
        }
        rows.push({ reducer, jobs, ...last, wallMs: samples(wall, 0) });
      }
    }
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const row of measureSlowJobs(Number(process.argv[2] ?? 3))) {
    process.stdout.write(
      `${row.reducer.padEnd(14)} --jobs ${row.jobs}: ${row.runs} runs (${row.executions} executions recorded), ${row.size} lines, wall ${roundTo(row.wallMs.median, 0)} ms\n`,
    );
  }
}
