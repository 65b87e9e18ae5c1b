import { spawnSync } from 'node:child_process';
import { commandEnv } from './command-env.js';
import { roundTo, type Samples, samples } from './stats.js';

/**
 * Section 11: whole `deltalab reduce` processes, spawn to exit, against CPython doing the same.
 * The commands run in the environment of {@link commandEnv} unless said otherwise.
 */
export interface ProcessReport {
  /** `deltalab reduce`: the article's search (4452 attempts) and reduction, verified. */
  reduce: Samples;
  /**
   * `deltalab reduce --input [-7]`: a failing input that is already 1-minimal, so what is left
   * is the fixed cost of a command (Node's start, the sandbox processes, loading the code).
   * The code was transpiled by an earlier run, as for every run of a code after its first.
   */
  fixed: Samples;
  /** The same, its code transpiled afresh (`DELTALAB_CACHE_DIR=off`): a code's first run. */
  fixedFirst: Samples;
  /** The same, in the environment as given (with `NODE_EXTRA_CA_CERTS`, if it is set). */
  fixedGiven: Samples;
  /** `node -e 0`, in the bench's environment and in the environment as given. */
  nodeStart: { clean: Samples; given: Samples };
  /** bench/article_flow.py: the article's own Python doing the same search and reduction. */
  python: Samples | null;
  /** `reduce` over `python` (medians), when python3 is present. */
  ratio: number | null;
}

type Timed =
  | 'reduce'
  | 'fixed'
  | 'fixedFirst'
  | 'fixedGiven'
  | 'nodeClean'
  | 'nodeGiven'
  | 'python';

/** Times each command `runs` times, interleaved, after one warm-up round. */
export function measureProcesses(runs = 5): ProcessReport {
  const fixed = ['bin/deltalab.js', 'reduce', '--input', '[-7]'];
  const node = process.execPath;
  const commands: Record<Timed, [string, string[], NodeJS.ProcessEnv]> = {
    reduce: [node, ['bin/deltalab.js', 'reduce', '--history', 'none'], commandEnv()],
    fixed: [node, fixed, commandEnv()],
    fixedFirst: [node, fixed, commandEnv({ cache: false })],
    fixedGiven: [node, fixed, commandEnv({ given: true })],
    nodeClean: [node, ['-e', '0'], commandEnv()],
    nodeGiven: [node, ['-e', '0'], process.env],
    python: ['python3', ['bench/article_flow.py'], process.env],
  };
  const times: Record<Timed, number[]> = {
    reduce: [],
    fixed: [],
    fixedFirst: [],
    fixedGiven: [],
    nodeClean: [],
    nodeGiven: [],
    python: [],
  };
  const pythonPresent = spawnSync('python3', ['--version']).status === 0;
  for (let i = 0; i <= runs; i++) {
    for (const [name, [command, args, env]] of Object.entries(commands)) {
      if (name === 'python' && !pythonPresent) continue;
      const began = performance.now();
      const run = spawnSync(command, args, { encoding: 'utf8', env });
      const elapsed = performance.now() - began;
      if (run.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${run.stderr}`);
      // The reduced input must be the article's: a fast wrong answer is no measurement.
      if (args[0] !== '-e' && !/"reduced": ?\[\s*-7\s*\]/.test(run.stdout)) {
        throw new Error(`${command} ${args.join(' ')} did not reduce to [-7]: ${run.stdout}`);
      }
      if (i > 0) times[name as Timed].push(elapsed);
    }
  }
  const reduce = samples(times.reduce, 1);
  const python = pythonPresent ? samples(times.python, 1) : null;
  return {
    reduce,
    fixed: samples(times.fixed, 1),
    fixedFirst: samples(times.fixedFirst, 1),
    fixedGiven: samples(times.fixedGiven, 1),
    nodeStart: { clean: samples(times.nodeClean, 1), given: samples(times.nodeGiven, 1) },
    python,
    ratio: python ? roundTo(reduce.median / python.median, 3) : null,
  };
}
