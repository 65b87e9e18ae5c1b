import { classifyPair, defaultValid, invalidVerdict } from '../src/core/oracle/classify.js';
import type { Input, Oracle } from '../src/core/oracle/oracle.js';
import type { Output, Verdict } from '../src/core/oracle/verdict.js';
import { transpile } from '../src/live/transpile.js';
import type { CodeSpec, LoadSpec } from '../src/protocol/sandbox.js';
import { createSandboxApi } from '../workers/sandbox/api.js';
import { compileModule } from '../workers/sandbox/compile.js';
import type { ArticleCode } from './article.js';
import { roundTo, type Samples, samples, timeRuns } from './stats.js';

/**
 * Oracle throughput, measured the same way in Node and in the bench page: the in-thread limit
 * (the user's two functions called directly), the sandbox's own per-call work in-thread, and a
 * live oracle through workers, one trial per round trip or batched.
 */

/** Calls per second: the median over runs, and each run's rate. */
export interface Rate {
  /** FAIL verdicts per run (a check that the work was done, not optimised away). */
  failsPerRun?: number;
  callsPerSecond: number;
  /** Microseconds per call at the median rate. */
  usPerCall: number;
  perRun: Samples;
  callsPerRun: number;
}

/** A synchronous judge of one input. */
type Judge = (input: Input) => Verdict;

/** The limit: candidate and reference compiled as the sandbox compiles them, called directly. */
export function directJudge(code: ArticleCode): Judge {
  const candidate = compiled(code.candidate, 'candidate');
  const reference = compiled(code.reference, 'reference');
  return (input) => {
    if (!defaultValid(input)) return invalidVerdict();
    const c = candidate(input as number[]) as Output;
    const r = reference(input as number[]) as Output;
    return classifyPair({ ok: true, value: c, ms: 0 }, { ok: true, value: r, ms: 0 });
  };
}

/** A code spec transpiled as the client does before loading it into a sandbox. */
function loadSpec(code: CodeSpec): LoadSpec {
  const transpiled = transpile(code);
  if (!transpiled.ok)
    throw new Error(`the article's code does not compile: ${transpiled.error.message}`);
  return transpiled.spec;
}

/** The sandbox's per-call work (input copies, seeded Math.random, output conversion), no worker. */
export function sandboxJudge(code: ArticleCode): Judge {
  const candidate = createSandboxApi();
  const reference = createSandboxApi();
  candidate.load(loadSpec({ source: code.candidate, language: 'js', role: 'candidate' }));
  reference.load(loadSpec({ source: code.reference, language: 'js', role: 'reference' }));
  return (input) => {
    if (!defaultValid(input)) return invalidVerdict();
    return classifyPair(candidate.call(input as number[]), reference.call(input as number[]));
  };
}

/** The rate of a synchronous judge over `inputs`, repeated so that a run lasts ≥ `minMs`. */
export async function syncRate(
  judge: Judge,
  inputs: readonly Input[],
  runs = 7,
  minMs = 40,
): Promise<Rate> {
  let fails = 0;
  const pass = (passes: number) => {
    fails = 0;
    for (let p = 0; p < passes; p++) {
      for (const input of inputs) if (judge(input).outcome === 'FAIL') fails++;
    }
  };
  const passes = await passesLasting(minMs, pass);
  const times = await timeRuns(runs, () => pass(passes));
  return { ...rate(passes * inputs.length, times), failsPerRun: fails };
}

/** How many passes make a run last ≥ `minMs`: doubled from one, each count run once to see. */
async function passesLasting(
  minMs: number,
  pass: (passes: number) => unknown | Promise<unknown>,
): Promise<number> {
  let passes = 1;
  for (;;) {
    const started = performance.now();
    await pass(passes);
    if (performance.now() - started >= minMs) return passes;
    passes *= 2;
  }
}

/** The rate of `oracle.judge`, one input per round trip, awaited one after the other. */
export async function perTrialRate(
  oracle: Oracle,
  inputs: readonly Input[],
  runs = 5,
): Promise<Rate> {
  const times = await timeRuns(runs, async () => {
    for (const input of inputs) await oracle.judge(input);
  });
  return rate(inputs.length, times);
}

/**
 * The rate of `oracle.judgeBatch` over `inputs` in batches of `batchSize`, each awaited before the
 * next is asked for, or with `ahead` > 0 the next `ahead` asked for first. With `minMs`, measured
 * as {@link syncRate} measures the limit it is compared with: passes over the batches are doubled
 * until one lasts ≥ `minMs` (the workers' code reaching its steady state meanwhile, as the limit's
 * compiled functions do), then `runs` runs of that many passes are timed. Without, the first
 * `runs` passes after one.
 */
export async function batchedRate(
  oracle: Oracle,
  inputs: readonly Input[],
  batchSize: number,
  runs = 5,
  minMs = 0,
  ahead = 0,
): Promise<Rate> {
  const batches: Input[][] = [];
  for (let i = 0; i < inputs.length; i += batchSize) batches.push(inputs.slice(i, i + batchSize));
  const pass = async (passes: number) => {
    if (ahead === 0) {
      for (let p = 0; p < passes; p++) for (const batch of batches) await oracle.judgeBatch(batch);
      return;
    }
    // As the runner judges a request's announced next ones: each batch is asked for `ahead`
    // batches before the one it follows is answered (and its verdicts awaited).
    const all = Array.from({ length: passes }, () => batches).flat();
    const inFlight = all.slice(0, ahead).map((batch) => oracle.judgeBatch(batch));
    for (let i = ahead; inFlight.length > 0; i++) {
      const next = all[i];
      if (next) inFlight.push(oracle.judgeBatch(next));
      await inFlight.shift();
    }
  };
  const passes = minMs > 0 ? await passesLasting(minMs, pass) : 1;
  const times = await timeRuns(runs, () => pass(passes));
  return rate(passes * inputs.length, times);
}

/** The rate of `calls` calls per run, over the runs' `times` (ms). */
export function rate(calls: number, times: readonly number[]): Rate {
  const perRun = samples(
    times.map((ms) => (calls / ms) * 1000),
    0,
  );
  return {
    callsPerSecond: perRun.median,
    usPerCall: roundTo(1e6 / perRun.median, 2),
    perRun,
    callsPerRun: calls,
  };
}

function compiled(source: string, role: 'candidate' | 'reference'): (input: number[]) => unknown {
  const result = compileModule(source, 'js', role);
  if (!result.ok)
    throw new Error(`the article's ${role} does not compile: ${result.error.message}`);
  return result.module.fn;
}
