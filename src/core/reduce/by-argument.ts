import { argumentRanges } from '../input/args.js';
import type { Edit } from '../input/edit.js';
import type { Json } from '../input/kinds.js';
import type { Judged, Reduced, Reducer, Trial } from './types.js';

/**
 * A flat reducer run on a call's arguments one at a time, as the Debugging Book reduces a call:
 * each argument's units in turn (the others as they are), round after round, until a round
 * changes no argument. The inner reducer sees only that argument's units; its trials are handed
 * on as the whole call, their edits moved to the argument's place (a `keep` bounded to it).
 */
export function byArgument(reducer: Reducer): Reducer {
  return function* (start: readonly Json[]): Generator<Trial, Reduced, Judged> {
    let current = start.slice();
    let deletionOnly = true;
    for (let changed = true; changed; ) {
      changed = false;
      for (let k = 0; k < argumentRanges(current).length; k++) {
        const [from, to] = argumentRanges(current)[k] as [number, number];
        if (to === from) continue;
        const around = (inner: readonly Json[]) => [
          ...current.slice(0, from),
          ...inner,
          ...current.slice(to),
        ];
        // The argument as the driver has it now: it shrinks with each trial accepted.
        let argument = current.slice(from, to);
        const steps = reducer(argument);
        let step = steps.next();
        while (!step.done) {
          const trial = step.value;
          const { ahead } = trial;
          const judged = yield {
            ...trial,
            input: around(trial.input),
            ...(ahead
              ? { ahead: (count: number, chased?: boolean) => ahead(count, chased).map(around) }
              : {}),
            edit: moved(trial.edit, from, from + argument.length),
          };
          if (judged.chased) argument = trial.input;
          step = steps.next(judged);
        }
        let { reduced } = step.value;
        deletionOnly &&= step.value.deletionOnly;
        if (reduced.length === 1) {
          // A reducer leaves one unit (the empty input being no input), but an argument may be
          // empty: "" or [] is still a call.
          const judged = yield {
            input: around([]),
            edit: { op: 'delete', lo: from, hi: from + 1 },
            granularity: 1,
          };
          if (judged.chased) reduced = [];
        }
        if (reduced.length !== to - from || reduced.some((unit, i) => unit !== current[from + i])) {
          changed = true;
        }
        current = around(reduced);
      }
    }
    return { reduced: current, deletionOnly };
  };
}

/** An edit of an argument's units (at `[from, to)` of the call's) as that edit of the call's. */
function moved(edit: Edit, from: number, to: number): Edit {
  switch (edit.op) {
    case 'delete':
      return { ...edit, lo: edit.lo + from, hi: edit.hi + from };
    case 'keep':
      return { op: 'keep', lo: edit.lo + from, hi: edit.hi + from, from, to };
    case 'set':
      return { ...edit, index: edit.index + from };
    case 'cut':
      return { op: 'cut', spans: edit.spans.map(([lo, hi]) => [lo + from, hi + from]) };
  }
}
