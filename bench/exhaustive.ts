import { execFileSync, spawnSync } from 'node:child_process';
import { commandEnv } from './command-env.js';
import type { ExhaustiveRun } from './exhaustive-run.js';
import { roundTo, type Samples, samples } from './stats.js';

/** `deltalab verify --exhaustive`, run as a user runs it. */
export interface CliExhaustive {
  /** The `ms` the CLI reports (workers started, every check run; Node startup excluded). */
  reported: Samples;
  /** The process from spawn to exit. */
  wall: Samples;
  /** Its report of the median run. */
  result: Record<string, unknown>;
}

/** The article's check in plain CPython (bench/exhaustive.py), if python3 is present. */
export type PythonExhaustive =
  | { present: true; version: string; ms: Samples; inputs: number; failures: number; calls: number }
  | { present: false; reason: string };

/** Section 3. */
export interface ExhaustiveReport {
  node: {
    /** The real path: the CLI as a user runs it. */
    cli: CliExhaustive;
    /** The same functions in this process, timed in parts. */
    workers: ExhaustiveParts;
    /** No workers: the floor. */
    inThread: ExhaustiveParts;
  };
  chromium: { workers: ExhaustiveParts; inThread: ExhaustiveParts };
  python: PythonExhaustive;
  /**
   * Our median over CPython's. `node` (the CLI's reported time) and `chromium` (workers) are
   * the budgeted ones (< 0.25); the others show where the time goes.
   */
  ratios: Partial<
    Record<
      | 'node'
      | 'chromium'
      | 'nodeWithoutStart'
      | 'chromiumWithoutStart'
      | 'nodeInThread'
      | 'chromiumInThread',
      number
    >
  >;
}

/** Medians of the parts of several {@link ExhaustiveRun}s, and the last run's counts. */
export interface ExhaustiveParts {
  ms: Samples;
  startMs: Samples;
  /** `ms` minus `startMs`: the judging, reducing and checking alone. */
  withoutStartMs: Samples;
  reduceMs: Samples;
  correctedMs: Samples;
  last: ExhaustiveRun;
  /** Every run judged 19530 inputs, found 126 failures, verified all, and the check held. */
  correct: boolean;
}

/** Summarises runs of {@link ExhaustiveRun}. */
export function parts(runs: readonly ExhaustiveRun[]): ExhaustiveParts {
  const last = runs.at(-1);
  if (!last) throw new Error('no exhaustive runs');
  return {
    ms: samples(
      runs.map((r) => r.ms),
      1,
    ),
    startMs: samples(
      runs.map((r) => r.startMs),
      1,
    ),
    withoutStartMs: samples(
      runs.map((r) => r.ms - r.startMs),
      1,
    ),
    reduceMs: samples(
      runs.map((r) => r.reduceMs),
      1,
    ),
    correctedMs: samples(
      runs.map((r) => r.correctedMs),
      1,
    ),
    last,
    correct: runs.every(
      (r) =>
        r.inputs === 19530 &&
        r.failures === 126 &&
        r.verified === 126 &&
        r.correctedMatchesReference,
    ),
  };
}

/**
 * Runs `./bin/deltalab.js verify --exhaustive` `runs` times (after one warm-up), in the
 * environment of {@link commandEnv}.
 */
export function measureCli(runs = 5): CliExhaustive {
  const reported: number[] = [];
  const wall: number[] = [];
  const results: Record<string, unknown>[] = [];
  for (let i = 0; i <= runs; i++) {
    const began = performance.now();
    const out = execFileSync(process.execPath, ['bin/deltalab.js', 'verify', '--exhaustive'], {
      encoding: 'utf8',
      env: commandEnv(),
    });
    const elapsed = performance.now() - began;
    if (i === 0) continue;
    const result = JSON.parse(out) as Record<string, unknown>;
    reported.push(Number(result.ms));
    wall.push(elapsed);
    results.push(result);
  }
  const mid = [...results].sort((a, b) => Number(a.ms) - Number(b.ms))[results.length >> 1] ?? {};
  return { reported: samples(reported, 1), wall: samples(wall, 1), result: mid };
}

/** Runs bench/exhaustive.py with `runs` timed repetitions, when python3 is present. */
export function measurePython(runs = 5): PythonExhaustive {
  const probe = spawnSync('python3', ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0)
    return { present: false, reason: 'python3 is not installed' };
  const out = execFileSync('python3', ['bench/exhaustive.py', String(runs)], { encoding: 'utf8' });
  const parsed = JSON.parse(out) as {
    python: string;
    inputs: number;
    failures: number;
    calls: number;
    ms: number[];
  };
  return {
    present: true,
    version: parsed.python,
    ms: samples(parsed.ms, 1),
    inputs: parsed.inputs,
    failures: parsed.failures,
    calls: parsed.calls,
  };
}

/** The ratios of {@link ExhaustiveReport} (none without Python). */
export function ratios(
  python: PythonExhaustive,
  node: ExhaustiveReport['node'],
  chromium: ExhaustiveReport['chromium'],
): ExhaustiveReport['ratios'] {
  if (!python.present) return {};
  const over = (ms: number) => roundTo(ms / python.ms.median, 3);
  return {
    node: over(node.cli.reported.median),
    chromium: over(chromium.workers.ms.median),
    nodeWithoutStart: over(node.workers.withoutStartMs.median),
    chromiumWithoutStart: over(chromium.workers.withoutStartMs.median),
    nodeInThread: over(node.inThread.ms.median),
    chromiumInThread: over(chromium.inThread.ms.median),
  };
}
