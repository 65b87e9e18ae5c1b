import type { Json, Shape } from '../input/kinds.js';
import { reduceInput } from './reducers.js';
import type { Judged, ReducerName } from './types.js';

/** The most reducer steps one prediction takes (a guard; reducers end long before). */
const MAX_STEPS = 10_000_000;

/** What a prediction assumes of a trial whose verdict is not known: that it does not fail. */
export const ASSUME_PASS: Judged = { outcome: 'PASS', chased: false };

/**
 * The trials a reducer will ask for next, assuming every trial whose verdict is not yet known
 * comes out as `assume` says (PASS unless told otherwise; an input whose trials are mostly INVALID
 * is better guessed INVALID, as `bisect` goes on differently after each): what a runner may judge
 * ahead, in parallel, without changing the reduction (the reduction still asks for each trial and
 * gets its real verdict; a wrong guess only wastes a call). Reducers are deterministic, so the
 * reducer is replayed from `start` with the verdicts `known` so far. Inputs `skip` says are under
 * way already are passed over, and at most `count` inputs are returned, in the order the reducer
 * would ask for them.
 */
export function predictTrials(
  reducer: ReducerName,
  start: Json,
  shape: Shape,
  known: (input: Json) => Judged | undefined,
  skip: (input: Json) => boolean,
  count: number,
  assume: Judged = ASSUME_PASS,
): Json[] {
  const out: Json[] = [];
  const steps = reduceInput(reducer, start, shape);
  let step = steps.next();
  for (let n = 0; !step.done && out.length < count && n < MAX_STEPS; n++) {
    const { input } = step.value;
    const judged = known(input);
    if (!judged && !skip(input)) out.push(input);
    step = steps.next(judged ?? assume);
  }
  return out;
}
