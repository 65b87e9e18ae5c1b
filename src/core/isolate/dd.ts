import { block } from '../reduce/blocks.js';
import { configurationProblem, difference, outside, union } from './configuration.js';
import {
  type Configuration,
  type Isolation,
  type IsolationMode,
  moveMade,
  type Sides,
  type TrialKind,
  trialMoves,
} from './types.js';

/**
 * Zeller and Hildebrandt's `dd` (2002): isolates a failure-inducing difference between a passing
 * configuration and a failing one that holds it.
 *
 * Split `Δ = fail \ pass` into `n` blocks `Δ_i` (`n = 2` at first) and try them one by one,
 * starting from the block of the last move (the book's offset, kept when `n` doubles). On a
 * block, two trials: its subset `pass ∪ Δ_i` and its complement `fail \ Δ_i`. A subset that
 * fails is the new `fail` (reduce to subset, `n = 2`), one that passes the new `pass` (increase
 * to subset, `n = max(n - 1, 2)`); a complement that passes is the new `pass` (increase to
 * complement, `n = 2`), one that fails the new `fail` (reduce to complement,
 * `n = max(n - 1, 2)`). When no block moves anything, stop if every block is one unit, else
 * double `n` (up to `|Δ|`). As in the book, any outcome but the
 * chased failure and a clean pass is unresolved and moves nothing. The mode says which sides
 * move: `-` only `fail` (ddmin), `+` only `pass` (ddmax), `+-` both (dd). The names of the
 * moves are Zeller's (the book's log swaps the two increases).
 *
 * The trials are the Debugging Book's (`DeltaDebugger.dd`), in its order: at `n = 2` one block's
 * subset and complement (the other block's are the same two configurations), the subset first
 * (in mode `+` the complement first); finer, the complement, then (modes `+`, `+-`) the subset.
 * Its blocks are cut from Python sets in hash order, these in index order (contiguous).
 *
 * Where this differs from the book, and from Zeller's statement: Zeller orders his moves as a
 * preference over all blocks (reduce to subset, increase to complement, increase to subset,
 * reduce to complement); made block by block, as the book does, a preference costs the trials
 * that look for the preferred move first. Here a move is made as soon as a trial's outcome
 * allows it (in mode `+-` every resolved outcome allows one). The book makes the narrowing moves
 * (reduce to subset, increase to complement) only at `n = 2`, so at finer granularities it
 * ignores a failing subset or a passing complement it has tried; and in mode `+-` at `n = 2`,
 * after a passing subset it tries the complement, for a move that would halve `Δ` no better. So
 * on each block this `dd` makes the book's trials or fewer, and uses every outcome: on one cause
 * among `n` units, mode `+-` is a binary search of about `log₂ n` trials. In modes `-` and `+`
 * the rules are the book's; only the blocks are cut differently.
 *
 * The caller confirms the start first: `fail` fails (modes `-`, `+-`), `pass` passes (modes `+`,
 * `+-`); in mode `-` the fixed `pass` does not fail, in mode `+` the fixed `fail` does not pass.
 * A caller that stops early keeps the sides of the trial it did not judge.
 */
export function* dd(start: Sides, mode: IsolationMode = '+-'): Isolation {
  checkStart(start, mode);
  let pass: Configuration = start.pass.slice();
  let fail: Configuration = start.fail.slice();
  let n = 2;
  let offset = 0;
  round: for (;;) {
    const delta = difference(fail, pass);
    if (delta.length < n) break;
    // At n = 2 the other block's subset and complement are this block's complement and subset.
    for (let j = 0; j < (n === 2 ? 1 : n); j++) {
      const i = (j + offset) % n;
      const [lo, hi] = block(i, n, delta.length);
      const blockUnits = delta.slice(lo, hi);
      for (const kind of trialsOn(mode, n)) {
        const config = kind === 'subset' ? union(pass, blockUnits) : difference(fail, blockUnits);
        const trial = {
          config,
          ...trialMoves(kind, mode),
          granularity: n,
          block: i,
          blockUnits,
          pass,
          fail,
        };
        const move = moveMade(trial, yield trial);
        if (!move) continue;
        if (move.startsWith('increase')) pass = config;
        else fail = config;
        n =
          move === 'reduce-to-subset' || move === 'increase-to-complement' ? 2 : Math.max(n - 1, 2);
        offset = i;
        continue round;
      }
    }
    if (n >= delta.length) break;
    n = Math.min(2 * n, delta.length);
  }
  return { pass, fail, difference: difference(fail, pass) };
}

/** The trials on one block, in the book's order (see {@link dd}). */
function trialsOn(mode: IsolationMode, n: number): TrialKind[] {
  if (n === 2) return mode === '+' ? ['complement', 'subset'] : ['subset', 'complement'];
  if (mode === '-') return ['complement'];
  return mode === '+' ? ['subset'] : ['complement', 'subset'];
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
