/**
 * Small statistics for a shared two-core machine: medians (not means), and a timer that repeats
 * a measurement and keeps every sample. Pure: runs in Node and in the bench page alike.
 */

/** A timed quantity: the median and every sample it came from (milliseconds unless named). */
export interface Samples {
  median: number;
  min: number;
  max: number;
  runs: number[];
}

/** The median of `values` (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Samples of `values`, rounded to `digits` decimals; values that are not finite are dropped. */
export function samples(values: readonly number[], digits = 2): Samples {
  const round = (x: number) => roundTo(x, digits);
  const finite = values.filter((x) => Number.isFinite(x));
  return {
    median: round(median(finite)),
    min: round(Math.min(...finite)),
    max: round(Math.max(...finite)),
    runs: finite.map(round),
  };
}

/** `x` rounded to `digits` decimals. */
export function roundTo(x: number, digits = 2): number {
  const scale = 10 ** digits;
  return Math.round(x * scale) / scale;
}

/** Runs `fn` `runs` times after `warmup` untimed runs; returns each run's milliseconds. */
export async function timeRuns(
  runs: number,
  fn: () => unknown | Promise<unknown>,
  warmup = 1,
): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return times;
}

/** Runs `fn` synchronously `runs` times after `warmup` untimed runs; returns each run's ms. */
export function timeRunsSync(runs: number, fn: () => unknown, warmup = 1): number[] {
  for (let i = 0; i < warmup; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    fn();
    times.push(performance.now() - started);
  }
  return times;
}
