import type { Outcome } from '../oracle/verdict.js';
import { PyRandom } from '../random/py-random.js';

/**
 * A mixed suite of seeded reduction problems on integer arrays, to compare reducers by calls:
 * one cause, k scattered causes, an ordered pair, sums, and inputs that are mostly INVALID
 * once cut (balanced brackets).
 */

/** One problem of the suite: a failing start input and the predicate that judges a trial. */
export interface SuiteCase {
  /** `family@length`, e.g. `k4@256`. */
  name: string;
  family: SuiteFamily;
  start: number[];
  /** PASS, FAIL or INVALID (INVALID counts as not failing). */
  judge: (input: readonly number[]) => Outcome;
}

/** The kinds of failure in the suite. */
export type SuiteFamily =
  | 'one'
  | 'k2'
  | 'k4'
  | 'k8'
  | 'ordered'
  | 'sum'
  | 'subset-sum'
  | 'brackets-depth'
  | 'brackets-atom';

/** Every family, in table order. */
export const SUITE_FAMILIES: readonly SuiteFamily[] = [
  'one',
  'k2',
  'k4',
  'k8',
  'ordered',
  'sum',
  'subset-sum',
  'brackets-depth',
  'brackets-atom',
];

/** The start lengths of the suite. */
export const SUITE_LENGTHS: readonly number[] = [64, 256, 1024];

/** Every case of the suite, built from `seed` (the same seed gives the same suite). */
export function mixedSuite(seed = 2002): SuiteCase[] {
  const cases: SuiteCase[] = [];
  for (const family of SUITE_FAMILIES) {
    for (const length of SUITE_LENGTHS) {
      const random = new PyRandom(seed * 7919 + length * 31 + SUITE_FAMILIES.indexOf(family));
      cases.push({ name: `${family}@${length}`, family, ...build(family, length, random) });
    }
  }
  return cases;
}

type Problem = Pick<SuiteCase, 'start' | 'judge'>;

function build(family: SuiteFamily, length: number, random: PyRandom): Problem {
  switch (family) {
    case 'one':
      return scattered(length, 1, random);
    case 'k2':
      return scattered(length, 2, random);
    case 'k4':
      return scattered(length, 4, random);
    case 'k8':
      return scattered(length, 8, random);
    case 'ordered':
      return ordered(length, random);
    case 'sum':
      return sum(length, random);
    case 'subset-sum':
      return subsetSum(length, random);
    case 'brackets-depth':
      return bracketsDepth(length, random);
    case 'brackets-atom':
      return bracketsAtom(length, random);
  }
}

/** A shuffled 0..length-1; FAIL iff all `k` values at random places are kept. */
function scattered(length: number, k: number, random: PyRandom): Problem {
  const start = shuffled(length, random);
  const causes = new Set<number>();
  while (causes.size < k) causes.add(start[random.randbelow(length)] as number);
  return {
    start,
    judge: (input) => {
      let found = 0;
      for (const value of input) if (causes.has(value)) found++;
      return found === k ? 'FAIL' : 'PASS';
    },
  };
}

/** Values 0..15; FAIL iff some 3 comes before some 5 (both occur many times). */
function ordered(length: number, random: PyRandom): Problem {
  const start = Array.from({ length }, () => random.randbelow(16));
  start[random.randbelow(length >> 1)] = 3;
  start[(length >> 1) + random.randbelow(length >> 1)] = 5;
  return {
    start,
    judge: (input) => {
      let seen = false;
      for (const value of input) {
        if (value === 3) seen = true;
        else if (value === 5 && seen) return 'FAIL';
      }
      return 'PASS';
    },
  };
}

/** Values 1..100; FAIL iff the kept values sum to at least 250. */
function sum(length: number, random: PyRandom): Problem {
  const start = Array.from({ length }, () => 1 + random.randbelow(100));
  return {
    start,
    judge: (input) => (input.reduce((a, b) => a + b, 0) >= 250 ? 'FAIL' : 'PASS'),
  };
}

/** Values 10..40; FAIL iff some subset of the kept values sums to exactly 97. */
function subsetSum(length: number, random: PyRandom): Problem {
  const target = 97;
  const start = Array.from({ length }, () => 10 + random.randbelow(31));
  return {
    start,
    judge: (input) => {
      const reachable = new Uint8Array(target + 1);
      reachable[0] = 1;
      for (const value of input) {
        for (let s = target; s >= value; s--) if (reachable[s - value]) reachable[s] = 1;
        if (reachable[target]) return 'FAIL';
      }
      return 'PASS';
    },
  };
}

/** A random balanced sequence of 1 (open) and -1 (close) reaching depth 4; INVALID when unbalanced; FAIL iff depth ≥ 4. */
function bracketsDepth(length: number, random: PyRandom): Problem {
  const start = dyck(length, random, () => 2);
  return {
    start,
    judge: (input) => {
      const depth = maxDepth(input);
      if (depth < 0) return 'INVALID';
      return depth >= 4 ? 'FAIL' : 'PASS';
    },
  };
}

/** Balanced 1/-1 brackets around atoms 2..9; INVALID when unbalanced; FAIL iff a 7 sits at depth ≥ 2. */
function bracketsAtom(length: number, random: PyRandom): Problem {
  const start = dyck(length, random, () => 2 + random.randbelow(8));
  return {
    start,
    judge: (input) => {
      if (maxDepth(input) < 0) return 'INVALID';
      let depth = 0;
      for (const token of input) {
        if (token === 1) depth++;
        else if (token === -1) depth--;
        else if (token === 7 && depth >= 2) return 'FAIL';
      }
      return 'PASS';
    },
  };
}

/**
 * A random balanced sequence of `length` tokens, about a quarter of them atoms from `atom()`,
 * with a nest of depth 4 holding a 7 spliced in at a random place (a balanced piece keeps the
 * whole balanced), so that the start fails in either family.
 */
function dyck(length: number, random: PyRandom, atom: () => number): number[] {
  const core = [1, 1, 1, 1, 7, -1, -1, -1, -1];
  const size = length - core.length;
  const out: number[] = [];
  let depth = 0;
  while (out.length < size) {
    const left = size - out.length;
    if (depth >= left) {
      out.push(-1);
      depth--;
    } else if (random.randbelow(4) === 0) {
      out.push(atom());
    } else if (depth > 0 && random.randbelow(2) === 0) {
      out.push(-1);
      depth--;
    } else if (depth + 1 < left) {
      out.push(1);
      depth++;
    } else {
      out.push(atom());
    }
  }
  out.splice(random.randbelow(size + 1), 0, ...core);
  return out;
}

/** The deepest nesting of 1/-1 brackets, or -1 when they do not balance. */
function maxDepth(input: readonly number[]): number {
  let depth = 0;
  let deepest = 0;
  for (const token of input) {
    if (token === 1) deepest = Math.max(deepest, ++depth);
    else if (token === -1 && --depth < 0) return -1;
  }
  return depth === 0 ? deepest : -1;
}

function shuffled(length: number, random: PyRandom): number[] {
  const out = Array.from({ length }, (_, i) => i);
  for (let i = length - 1; i > 0; i--) {
    const j = random.randbelow(i + 1);
    [out[i], out[j]] = [out[j] as number, out[i] as number];
  }
  return out;
}
