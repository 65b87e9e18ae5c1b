import type { Json, Shape } from '../input/kinds.js';
import { fromUnits, toUnits } from '../input/units.js';
import { valueKey } from '../input/value.js';
import type { Judged } from '../reduce/types.js';
import type { IsolateConfig } from '../session/config.js';
import { allUnits } from './config.js';
import { dd } from './dd.js';
import { applyEdits, editsBetween } from './edits.js';

/** The most `dd` steps one branch takes (a guard; isolations end long before). */
const MAX_STEPS = 1_000_000;

const PASS: Judged = { outcome: 'PASS', chased: false };
const FAIL: Judged = { outcome: 'FAIL', chased: true };

/**
 * The trials an isolation of `fail` (against `isolate.pass`) may ask for next, to be judged
 * ahead, in parallel, without changing the isolation (it still asks for each trial and gets its
 * real verdict; a wrong guess only wastes a call). Where a reducer's next trials follow from
 * assuming that the pending ones pass, `dd` in mode `+-` moves on either outcome, so no single
 * guess is likely: the trials are named breadth first over the outcomes not known yet, a pass
 * before a failure (the next trial; the one after it if it passes, if it fails; then the four
 * after those …). `dd` is deterministic, so each branch replays it from the start with the
 * verdicts `known` so far. Inputs `skip` says are under way are passed over; at most `count`
 * inputs are returned, in that order.
 */
export function predictIsolation(
  isolate: IsolateConfig,
  fail: Json,
  shape: Shape,
  known: (input: Json) => Judged | undefined,
  skip: (input: Json) => boolean,
  count: number,
): Json[] {
  const passUnits = toUnits(isolate.pass, shape);
  const edits = editsBetween(passUnits, toUnits(fail, shape), isolate.replace);
  const inputOf = (config: readonly number[]) =>
    fromUnits(applyEdits(passUnits, edits, config), shape);
  const out: Json[] = [];
  const named = new Set<string>();
  // Each branch: the outcomes assumed, in order, for the trials whose verdicts are not known.
  const branches: Judged[][] = [[]];
  for (let explored = 0; branches.length > 0 && out.length < count; explored++) {
    if (explored >= count * 4) break;
    const assumed = branches.shift() as Judged[];
    const steps = dd({ pass: [], fail: allUnits(edits.length) }, isolate.mode);
    let step = steps.next();
    let used = 0;
    for (let n = 0; !step.done && n < MAX_STEPS; n++) {
      const input = inputOf(step.value.config);
      const judged = known(input) ?? assumed[used++];
      if (judged) {
        step = steps.next(judged);
        continue;
      }
      const key = valueKey(input);
      if (!skip(input) && !named.has(key)) out.push(input);
      named.add(key);
      branches.push([...assumed, PASS], [...assumed, FAIL]);
      break;
    }
  }
  return out.slice(0, count);
}
