import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createLiveOracle } from '../src/live/run-live.js';
import { SandboxClient } from '../src/live/sandbox-client.js';
import { transpile } from '../src/live/transpile.js';
import { containment, type Mechanism } from '../workers/process/containment.js';
import { nodePlatform } from '../workers/process/platform.js';
import { spawnNodeSandbox } from '../workers/process/spawn-node.js';
import { articleInputs } from './article.js';
import { commandEnv } from './command-env.js';
import { perTrialRate, type Rate } from './rates.js';
import { roundTo, type Samples, samples } from './stats.js';

/**
 * Section 12: what containing the command line's sandbox processes by the OS costs, each
 * measure taken contained (as `auto` finds here) and not (`DELTALAB_CONTAINMENT=none`),
 * interleaved: starting one sandbox, whole `deltalab reduce` processes, and trials through a
 * pair of sandboxes. No budget of its own: the budgets of sections 1 and 11 are measured on the
 * contained product.
 */
export interface ContainmentReport {
  /** What `auto` found here. */
  mechanism: Mechanism;
  /** 1-minute load average when the section began and ended (the machine is shared). */
  load: { before: number; after: number };
  /** A JavaScript sandbox from its start to the answer of its first call (the article's code), ms. */
  start: Record<Mechanism, Samples | null>;
  /** `deltalab reduce` of the article (attempt 4452 → [-7], verified), spawn to exit, ms. */
  reduce: { contained: Samples; uncontained: Samples };
  /** `deltalab reduce --input [-7]`: the fixed cost of a command, ms. */
  fixed: { contained: Samples; uncontained: Samples };
  /** `LiveOracle.judge`, one trial per round trip to both sandboxes. */
  perTrial: { contained: Rate; uncontained: Rate };
  /** Each contained median over the uncontained one. */
  ratios: { start: number; reduce: number; fixed: number; perTrial: number };
}

const CANDIDATE = readFileSync('examples/code/max-subarray/candidate.js', 'utf8');
const REFERENCE = readFileSync('examples/code/max-subarray/reference.js', 'utf8');

/** Runs `fn` with `DELTALAB_CONTAINMENT` set to `asked` (unset for `auto`). */
async function under<T>(asked: Mechanism | 'auto', fn: () => T | Promise<T>): Promise<T> {
  const before = process.env.DELTALAB_CONTAINMENT;
  if (asked === 'auto') delete process.env.DELTALAB_CONTAINMENT;
  else process.env.DELTALAB_CONTAINMENT = asked;
  try {
    return await fn();
  } finally {
    if (before === undefined) delete process.env.DELTALAB_CONTAINMENT;
    else process.env.DELTALAB_CONTAINMENT = before;
  }
}

/** One sandbox's start to its first answer, under `asked`. */
async function startOnce(asked: Mechanism): Promise<number> {
  const began = performance.now();
  const client = new SandboxClient(
    spawnNodeSandbox,
    { source: CANDIDATE, language: 'js', role: 'candidate' },
    transpile,
  );
  // The process starts when the first call asks for it: under the mechanism asked for.
  const result = await under(asked, () => client.call([1, -2, 3]));
  client.dispose();
  if (!result.ok) throw new Error(`a sandbox under ${asked} failed its first call`);
  return performance.now() - began;
}

/** A whole `deltalab` process, spawn to exit; checks it reduced the article to [-7]. */
function command(args: string[], asked: Mechanism | 'auto'): number {
  const env = commandEnv();
  if (asked !== 'auto') env.DELTALAB_CONTAINMENT = asked;
  const began = performance.now();
  const run = spawnSync(process.execPath, ['bin/deltalab.js', ...args], { encoding: 'utf8', env });
  const elapsed = performance.now() - began;
  if (run.status !== 0 || !/"reduced": ?\[\s*-7\s*\]/.test(run.stdout)) {
    throw new Error(`deltalab ${args.join(' ')} (${asked}) failed: ${run.stderr}`);
  }
  return elapsed;
}

/** The per-trial rate through a live pair of sandboxes under `asked`. */
async function perTrial(asked: Mechanism | 'auto', inputs: number[][]): Promise<Rate> {
  const oracle = await under(asked, async () => {
    const live = createLiveOracle(
      nodePlatform('deltalab bench'),
      { language: 'js', candidate: CANDIDATE, reference: REFERENCE },
      1000,
    );
    await live.load();
    return live;
  });
  try {
    return await perTrialRate(oracle, inputs);
  } finally {
    oracle.dispose();
  }
}

/** A rate from the rates of several runs of `calls` calls each. */
function pooledRate(perRun: number[], calls: number): Rate {
  const runs = samples(perRun, 0);
  return {
    callsPerSecond: runs.median,
    usPerCall: roundTo(1e6 / runs.median, 2),
    perRun: runs,
    callsPerRun: calls,
  };
}

/** Measures section 12, `runs` samples of each (after one warm-up round). */
export async function measureContainment(runs = 5): Promise<ContainmentReport> {
  const loadBefore = loadavg()[0] ?? 0;
  const found = containment().mechanism;
  // Each mechanism whose sandbox starts here (a warm-up round), the others left out.
  const mechanisms: Mechanism[] = [];
  for (const m of ['bwrap', 'unshare', 'none'] as const) {
    try {
      await startOnce(m);
      mechanisms.push(m);
    } catch {
      // its programs are not here, or cannot contain a process here
    }
  }
  const starts: Record<string, number[]> = Object.fromEntries(mechanisms.map((m) => [m, []]));
  const times = { reduce: [[], []], fixed: [[], []] } as Record<string, [number[], number[]]>;
  for (let i = 0; i < runs * 2; i++) {
    for (const m of mechanisms) starts[m]?.push(await startOnce(m));
  }
  for (let i = 0; i <= runs; i++) {
    for (const [name, args] of [
      ['reduce', ['reduce', '--history', 'none']],
      ['fixed', ['reduce', '--input', '[-7]']],
    ] as const) {
      const contained = command([...args], 'auto');
      const uncontained = command([...args], 'none');
      if (i > 0) {
        times[name]?.[0].push(contained);
        times[name]?.[1].push(uncontained);
      }
    }
  }
  // Two rounds each, taken in turn; every run's rate pooled.
  const inputs = articleInputs(1000);
  const pooled: [number[], number[]] = [[], []];
  for (let round = 0; round < 2; round++) {
    pooled[0].push(...(await perTrial('auto', inputs)).perRun.runs);
    pooled[1].push(...(await perTrial('none', inputs)).perRun.runs);
  }
  const rates = {
    contained: pooledRate(pooled[0], inputs.length),
    uncontained: pooledRate(pooled[1], inputs.length),
  };
  const both = (name: string) => ({
    contained: samples(times[name]?.[0] ?? [], 1),
    uncontained: samples(times[name]?.[1] ?? [], 1),
  });
  const start = {
    bwrap: starts.bwrap ? samples(starts.bwrap, 1) : null,
    unshare: starts.unshare ? samples(starts.unshare, 1) : null,
    none: starts.none ? samples(starts.none, 1) : null,
  };
  const reduce = both('reduce');
  const fixed = both('fixed');
  const ratio = (a: number | undefined, b: number | undefined) =>
    a === undefined || b === undefined ? Number.NaN : roundTo(a / b, 3);
  return {
    mechanism: found,
    load: { before: roundTo(loadBefore), after: roundTo(loadavg()[0] ?? 0) },
    start,
    reduce,
    fixed,
    perTrial: rates,
    ratios: {
      start: ratio(start[found === 'none' ? 'none' : found]?.median, start.none?.median),
      reduce: ratio(reduce.contained.median, reduce.uncontained.median),
      fixed: ratio(fixed.contained.median, fixed.uncontained.median),
      perTrial: ratio(rates.contained.callsPerSecond, rates.uncontained.callsPerSecond),
    },
  };
}

// Run as a script (`node dist/bench/containment.js [runs]`, from the project's folder): prints
// this section alone.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const report = await measureContainment(Number(process.argv[2] ?? 5));
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}
