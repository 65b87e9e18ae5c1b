import { block } from '../reduce/blocks.js';
import type { Judged } from '../reduce/types.js';
import { configurationProblem, difference, outside, union } from './config.js';
import {
  type Configuration,
  type Isolated,
  type IsolationMode,
  type IsolationTrial,
  type Move,
  type Resolution,
  resolution,
  type Sides,
} from './types.js';

/** One of Zeller's moves: the trial it makes of block `Δ_i`, the outcome it needs, its effect. */
interface MoveRule {
  move: Move;
  /** `subset` tests `pass ∪ Δ_i`; `complement` tests `fail \ Δ_i`. */
  tests: 'subset' | 'complement';
  when: 'PASS' | 'FAIL';
  /** The side that takes the trial's configuration. */
  side: 'pass' | 'fail';
  /** Whether the difference shrinks to the one block (then `n = 2`, else `n = max(n - 1, 2)`). */
  narrows: boolean;
}

/** Zeller's moves in his order: the first that applies to a block is made. */
const MOVES: readonly MoveRule[] = [
  { move: 'reduce-to-subset', tests: 'subset', when: 'FAIL', side: 'fail', narrows: true },
  {
    move: 'increase-to-complement',
    tests: 'complement',
    when: 'PASS',
    side: 'pass',
    narrows: true,
  },
  { move: 'increase-to-subset', tests: 'subset', when: 'PASS', side: 'pass', narrows: false },
  { move: 'reduce-to-complement', tests: 'complement', when: 'FAIL', side: 'fail', narrows: false },
];

/**
 * Zeller and Hildebrandt's `dd` (2002): isolates a failure-inducing difference between a passing
 * configuration and a failing one that holds it.
 *
 * Split `Δ = fail \ pass` into `n` blocks `Δ_i` (`n = 2` at first). For each block in turn,
 * starting from the block of the last move, try Zeller's moves in his order and make the first
 * that applies: reduce to subset (`pass ∪ Δ_i` fails: it is the new `fail`, `n = 2`), increase
 * to complement (`fail \ Δ_i` passes: the new `pass`, `n = 2`), increase to subset
 * (`pass ∪ Δ_i` passes: the new `pass`, `n = max(n - 1, 2)`), reduce to complement
 * (`fail \ Δ_i` fails: the new `fail`, `n = max(n - 1, 2)`). When no block moves anything,
 * stop if every block is one unit, else double `n` (up to `|Δ|`). Any outcome but the chased
 * failure and a clean pass is unresolved and moves nothing.
 *
 * The mode says which sides move (`-` only `fail`, `+` only `pass`, `+-` both). As the
 * Debugging Book's `DeltaDebugger.dd`, it tries the blocks one by one (all moves on a block
 * before the next), starts from the block of the last move, and in modes `-` and `+` makes the
 * narrowing move (reduce to subset, increase to complement) only at `n = 2`, where its trial is
 * the other block's complement (subset) and costs nothing; finer, it would cost a trial per block
 * that a monotone failure never rewards. Unlike the book, in mode `+-` it makes them at every `n`:
 * there every block's subset and complement are tried anyway, and a failing subset is the
 * largest step there is. And on one block, Zeller's increase to subset comes before his reduce to
 * complement (the book tries them the other way round).
 *
 * Each configuration is tried at most once per round; the caller's outcome cache catches repeats
 * across rounds. The caller confirms the start first: `fail` fails (modes `-`, `+-`) and `pass`
 * does not (modes `+`, `+-`: passes). Stopped early, a caller keeps the sides of the trial it did
 * not judge.
 */
export function* dd(
  start: Sides,
  mode: IsolationMode = '+-',
): Generator<IsolationTrial, Isolated, Judged> {
  checkStart(start, mode);
  let pass: Configuration = start.pass.slice();
  let fail: Configuration = start.fail.slice();
  let n = 2;
  let offset = 0;
  const moves = MOVES.filter(({ side }) => (side === 'fail' ? mode !== '+' : mode !== '-'));
  round: for (;;) {
    const delta = difference(fail, pass);
    if (delta.length < n) break;
    /** The trials of this round, by place: subsets at `i`, complements at `n + i`. */
    const tried = new Map<number, { config: Configuration; result: Resolution }>();
    for (let j = 0; j < n; j++) {
      const i = (j + offset) % n;
      const [lo, hi] = block(i, n, delta.length);
      const blockUnits = delta.slice(lo, hi);
      for (const rule of moves) {
        if (rule.narrows && mode !== '+-' && n > 2) continue;
        // At n = 2 the complement of one block is the subset of the other.
        const place = rule.tests === 'subset' ? i : n === 2 ? 1 - i : n + i;
        let trial = tried.get(place);
        if (!trial) {
          const config =
            rule.tests === 'subset' ? union(pass, blockUnits) : difference(fail, blockUnits);
          const at = { config, move: rule.move, granularity: n, block: i, blockUnits };
          trial = { config, result: resolution(yield { ...at, pass, fail }) };
          tried.set(place, trial);
        }
        if (trial.result !== rule.when) continue;
        if (rule.side === 'pass') pass = trial.config;
        else fail = trial.config;
        n = rule.narrows ? 2 : Math.max(n - 1, 2);
        offset = i;
        continue round;
      }
    }
    if (n >= delta.length) break;
    n = Math.min(2 * n, delta.length);
  }
  return { pass, fail, difference: difference(fail, pass) };
}

/** Rejects a start that is not two configurations, the passing one inside the failing one. */
function checkStart(start: Sides, mode: IsolationMode): void {
  if (mode !== '-' && mode !== '+' && mode !== '+-') {
    throw new Error(`dd: unknown mode ${JSON.stringify(mode)} (expected '-', '+' or '+-')`);
  }
  const problem =
    configurationProblem(start.pass, 'dd: c_pass') ??
    configurationProblem(start.fail, 'dd: c_fail');
  if (problem) throw new Error(problem);
  const unit = outside(start.pass, start.fail);
  if (unit !== undefined) {
    throw new Error(`dd: c_pass must lie inside c_fail, but unit ${unit} is in c_pass only`);
  }
}
