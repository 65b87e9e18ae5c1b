import type { Configuration } from './types.js';

/**
 * A configuration as runs of consecutive units, `[first, end)` each, in order and apart: how a
 * session stores the sides of an isolation's trials (a side of `dd` is a few blocks, so a few
 * pairs however many units it holds).
 */
export type Ranges = [number, number][];

/** The runs of `config` (ascending indices, each once). */
export function rangesOf(config: Configuration): Ranges {
  const ranges: Ranges = [];
  for (const unit of config) {
    const last = ranges.at(-1);
    if (last && last[1] === unit) last[1] = unit + 1;
    else ranges.push([unit, unit + 1]);
  }
  return ranges;
}

/** The configuration of `ranges`: every unit of every run, in order. */
export function configurationOf(ranges: Ranges): number[] {
  const units: number[] = [];
  for (const [first, end] of ranges) for (let unit = first; unit < end; unit++) units.push(unit);
  return units;
}

/** Whether `value` is ranges of units below `limit`: integer pairs, each non-empty, in order and apart. */
export function isRanges(value: unknown, limit = Number.MAX_SAFE_INTEGER): value is Ranges {
  if (!Array.isArray(value)) return false;
  let end = -1;
  for (const range of value) {
    if (!Array.isArray(range) || range.length !== 2) return false;
    const [first, last] = range;
    if (!Number.isSafeInteger(first) || !Number.isSafeInteger(last)) return false;
    if (first <= end || last <= first || last > limit) return false;
    end = last;
  }
  return true;
}
