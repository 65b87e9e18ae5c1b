import { spawnSync } from 'node:child_process';
import { roundTo, type Samples, samples } from './stats.js';

/** Section 11: whole `deltalab reduce` processes, spawn to exit, against CPython doing the same. */
export interface ProcessReport {
  /** `deltalab reduce`: the article's search (4452 attempts) and reduction, verified. */
  reduce: Samples;
  /**
   * `deltalab reduce --input [-7]`: a failing input that is already 1-minimal, so what is left
   * is the fixed cost of a command (Node's start, the sandbox processes, loading the code).
   */
  fixed: Samples;
  /** bench/article_flow.py: the article's own Python doing the same search and reduction. */
  python: Samples | null;
  /** `reduce` over `python` (medians), when python3 is present. */
  ratio: number | null;
}

/** Times each command `runs` times, interleaved, after one warm-up round. */
export function measureProcesses(runs = 5): ProcessReport {
  const commands: Record<keyof Omit<ProcessReport, 'ratio'>, [string, string[]]> = {
    reduce: [process.execPath, ['bin/deltalab.js', 'reduce', '--history', 'none']],
    fixed: [process.execPath, ['bin/deltalab.js', 'reduce', '--input', '[-7]']],
    python: ['python3', ['bench/article_flow.py']],
  };
  const times: Record<keyof typeof commands, number[]> = { reduce: [], fixed: [], python: [] };
  const pythonPresent = spawnSync('python3', ['--version']).status === 0;
  for (let i = 0; i <= runs; i++) {
    for (const [name, [command, args]] of Object.entries(commands)) {
      if (name === 'python' && !pythonPresent) continue;
      const began = performance.now();
      const run = spawnSync(command, args, { encoding: 'utf8' });
      const elapsed = performance.now() - began;
      if (run.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${run.stderr}`);
      // The reduced input must be the article's: a fast wrong answer is no measurement.
      if (!/"reduced": ?\[\s*-7\s*\]/.test(run.stdout)) {
        throw new Error(`${command} ${args.join(' ')} did not reduce to [-7]: ${run.stdout}`);
      }
      if (i > 0) times[name as keyof typeof commands].push(elapsed);
    }
  }
  const reduce = samples(times.reduce, 1);
  const python = pythonPresent ? samples(times.python, 1) : null;
  return {
    reduce,
    fixed: samples(times.fixed, 1),
    python,
    ratio: python ? roundTo(reduce.median / python.median, 3) : null,
  };
}
