import type { Json } from '../core/input/kinds.js';
import { valueKey } from '../core/input/value.js';
import type { LookAhead } from '../core/oracle/oracle.js';
import type { Judged } from '../core/reduce/types.js';
import { type Assumed, type Branch, CHASED } from './guess-tree.js';

/** A trial that is not chased, as the trials a reducer names ahead assume. */
const NOT_CHASED: Judged = { outcome: 'PASS', chased: false };

/**
 * The branches a trial asked for (`key`) names through `ahead` (see `Trial.ahead`): the trials
 * after it if it is not chased, and if it is, each assuming the ones named before it on its
 * chain are not chased. Only as many of each as can be among the `count` likeliest are named
 * (naming them costs the reducer time): with a trial chased with the chance `chase`, or, when
 * its verdict is `known`, only those of the chain it took.
 */
export function hintedBranches(
  key: string,
  ahead: LookAhead<Json>,
  count: number,
  chase: number,
  known?: Judged,
): Branch[] {
  const chain = (inputs: Json[], first: Judged): Branch[] => {
    const assumed: Assumed[] = [{ key, judged: first }];
    return inputs.map((input) => {
      const branch = { input, key: valueKey(input), likelihood: 0, assumed: [...assumed] };
      assumed.push({ key: branch.key, judged: NOT_CHASED });
      return branch;
    });
  };
  const [ifNot, ifChased] = known
    ? known.chased
      ? [0, count]
      : [count, 0]
    : likeliest(count, 1 - chase, chase);
  return [
    ...(ifNot > 0 ? chain(ahead(ifNot), NOT_CHASED) : []),
    ...(ifChased > 0 ? chain(ahead(ifChased, true), CHASED) : []),
  ];
}

/**
 * How likely a hinted branch is now: each judgement it assumes counts 1 if it came true, 0 if it
 * did not (whether it was chased is what counts), else its chance (`chase` for a chased one).
 */
export function likelihood(
  assumed: readonly Assumed[],
  known: (input: Json, key: string) => Judged | undefined,
  chase: number,
): number {
  let product = 1;
  for (const { key, judged } of assumed) {
    const verdict = known(null, key);
    if (verdict) product *= verdict.chased === judged.chased ? 1 : 0;
    else product *= judged.chased ? chase : 1 - chase;
  }
  return product;
}

/**
 * How many of the `count` likeliest trials lie on each of two chains whose first trials have the
 * chances `first` and `second`, each next one `first` times as likely as the one before it (a
 * trial not chased, then trials not chased).
 */
function likeliest(count: number, first: number, second: number): [number, number] {
  let a = first;
  let b = second;
  let taken: [number, number] = [0, 0];
  for (let i = 0; i < count; i++) {
    if (a >= b) {
      taken = [taken[0] + 1, taken[1]];
      a *= first;
    } else {
      taken = [taken[0], taken[1] + 1];
      b *= first;
    }
  }
  return taken;
}
