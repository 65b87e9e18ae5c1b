import type { Json } from '../input/kinds.js';
import type { Configuration } from './types.js';

/** Every unit of an input of `n` units: `[0, 1, …, n - 1]`. */
export function allUnits(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

/**
 * The units a configuration holds, in order: for units that are a failing input's elements or
 * characters, `configUnits(units, config)` is the input the configuration stands for (before
 * `fromUnits` joins characters back into a string).
 */
export function configUnits<T = Json>(units: readonly T[], config: Configuration): T[] {
  return config.map((index) => {
    if (index >= units.length) throw new Error(`unit ${index} is past the last unit`);
    return units[index] as T;
  });
}

/** `a ∪ b`, in ascending order (a merge: both are in ascending order). */
export function union(a: Configuration, b: Configuration): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = a[i] ?? Number.POSITIVE_INFINITY;
    const y = b[j] ?? Number.POSITIVE_INFINITY;
    out.push(Math.min(x, y));
    if (x <= y) i++;
    if (y <= x) j++;
  }
  return out;
}

/** `a \ b`, in ascending order. */
export function difference(a: Configuration, b: Configuration): number[] {
  const out: number[] = [];
  let j = 0;
  for (const x of a) {
    while (j < b.length && (b[j] as number) < x) j++;
    if (b[j] !== x) out.push(x);
  }
  return out;
}

/** The first unit of `a` that is not in `b`, or undefined when `a ⊆ b`. */
export function outside(a: Configuration, b: Configuration): number | undefined {
  return difference(a, b)[0];
}

/** Whether `a ⊆ b`. */
export function isSubset(a: Configuration, b: Configuration): boolean {
  return a.length <= b.length && outside(a, b) === undefined;
}

/** Whether two configurations hold the same units. */
export function sameConfiguration(a: Configuration, b: Configuration): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * Why `config` is not a configuration (unit indices: non-negative integers, ascending, each
 * once), naming the first bad place; null when it is one.
 */
export function configurationProblem(config: unknown, name: string): string | null {
  if (!Array.isArray(config)) return `${name} is not an array of unit indices`;
  for (let k = 0; k < config.length; k++) {
    const x: unknown = config[k];
    if (typeof x !== 'number' || !Number.isSafeInteger(x) || x < 0) {
      return `${name}[${k}] is ${JSON.stringify(x)}, not a unit index (an integer ≥ 0)`;
    }
    if (k > 0 && x <= (config[k - 1] as number)) {
      return `${name}[${k}] is ${x} after ${config[k - 1]}: unit indices must ascend, each once`;
    }
  }
  return null;
}
