import type { Json, Shape } from '../input/kinds.js';
import { fromUnits, toUnits } from '../input/units.js';
import { valueKey } from '../input/value.js';
import type { Judged } from '../reduce/types.js';
import type { IsolateConfig } from '../session/config.js';
import { allUnits } from './configuration.js';
import { dd } from './dd.js';
import { applyEdits, editsBetween } from './edits.js';
import { type Isolation, type Resolution, resolution } from './types.js';

/** The most `dd` steps one branch takes (a guard; isolations end long before). */
const MAX_STEPS = 1_000_000;

const PASS: Judged = { outcome: 'PASS', chased: false };
const FAIL: Judged = { outcome: 'FAIL', chased: true };
/** A judgement for each resolution, to replay `dd` with (it reads nothing else of one). */
const REPLAYED: Record<Resolution, Judged> = {
  PASS,
  FAIL,
  UNRESOLVED: { outcome: 'INVALID', chased: false },
};

/**
 * What a lookahead asks of the verdicts: `known` gives a trial's verdict if there is one yet, and
 * must not forget one while the lookahead lives; `skip` says an input is under way. Both get the
 * input and its `valueKey`.
 */
export type KnownVerdict = (input: Json, key: string) => Judged | undefined;
export type SkipInput = (input: Json, key: string) => boolean;

/** Names the trials an isolation may ask for next (see {@link predictIsolation}). */
export type IsolationLookahead = (known: KnownVerdict, skip: SkipInput, count: number) => Json[];

/**
 * One point of `dd`'s run, reached by the resolutions of the trials before it: its trial's input
 * and key until its verdict is known, then the verdict.
 */
interface Step {
  parent: Step | undefined;
  /** The resolution of the parent's trial that leads here. */
  via: Resolution | undefined;
  /** `dd` ended here: no trial. */
  done: boolean;
  input?: Json;
  key?: string;
  judged?: Judged;
  children: Map<Resolution, Step>;
  /** `dd` paused at this step's trial, until a child takes it on. */
  run?: Isolation;
  /** The last call that went through this step. */
  seen: number;
}

/**
 * The trials an isolation of `fail` (against `isolate.pass`) may ask for next, to be judged
 * ahead, in parallel, without changing the isolation (it still asks for each trial and gets its
 * real verdict; a wrong guess only wastes a call). Where a reducer's next trials follow from
 * assuming that the pending ones pass, `dd` in mode `+-` moves on either outcome, so no single
 * guess is likely: the trials are named breadth first over the outcomes not known yet, a pass
 * before a failure (the next trial; the one after it if it passes, if it fails; then the four
 * after those …). Inputs `skip` says are under way are passed over; at most `count` inputs are
 * returned, in that order.
 */
export function predictIsolation(
  isolate: IsolateConfig,
  fail: Json,
  shape: Shape,
  known: KnownVerdict,
  skip: SkipInput,
  count: number,
): Json[] {
  return isolationLookahead(isolate, fail, shape)(known, skip, count);
}

/**
 * {@link predictIsolation} for one isolation, called again after every verdict: `dd` is
 * deterministic, so its run is a tree over the trials' resolutions. The tree is kept between
 * calls: each trial's input is made once (not on every call, for every branch, as replaying `dd`
 * from the start would), its verdict asked for until known, and `dd` is resumed where a branch
 * left it (replayed from the start, on integers alone, only for a branch's second outcome). The
 * steps a call did not reach are dropped: the verdicts known since cut them off.
 */
export function isolationLookahead(
  isolate: IsolateConfig,
  fail: Json,
  shape: Shape,
): IsolationLookahead {
  const passUnits = toUnits(isolate.pass, shape);
  const edits = editsBetween(passUnits, toUnits(fail, shape), isolate.replace);
  const start = () => dd({ pass: [], fail: allUnits(edits.length) }, isolate.mode);
  const stepOf = (parent: Step | undefined, via: Resolution | undefined, run: Isolation) => {
    const next = parent && via ? run.next(REPLAYED[via]) : run.next();
    const step: Step = { parent, via, done: next.done === true, children: new Map(), seen: 0 };
    if (next.done) return step;
    step.input = fromUnits(applyEdits(passUnits, edits, next.value.config), shape);
    step.key = valueKey(step.input);
    step.run = run;
    return step;
  };
  const root = stepOf(undefined, undefined, start());
  let calls = 0;

  /** The step after `parent`'s trial comes out `via`. */
  const childOf = (parent: Step, via: Resolution): Step => {
    const known = parent.children.get(via);
    if (known) return known;
    let run = parent.run;
    parent.run = undefined;
    if (!run) {
      // Replayed: the resolutions from the root to the parent.
      const path: Resolution[] = [];
      for (let step = parent; step.via; step = step.parent as Step) path.push(step.via);
      run = start();
      run.next();
      for (let k = path.length - 1; k >= 0; k--) run.next(REPLAYED[path[k] as Resolution]);
    }
    const child = stepOf(parent, via, run);
    parent.children.set(via, child);
    return child;
  };

  return (known, skip, count) => {
    const call = ++calls;
    const out: Json[] = [];
    const named = new Set<string>();
    // Each branch: the outcomes assumed, in order, for the trials whose verdicts are not known.
    const branches: Judged[][] = [[]];
    for (let explored = 0; branches.length > 0 && out.length < count; explored++) {
      if (explored >= count * 4) break;
      const assumed = branches.shift() as Judged[];
      let step = root;
      let used = 0;
      for (let n = 0; !step.done && n < MAX_STEPS; n++) {
        step.seen = call;
        const input = step.input as Json;
        const key = step.key as string;
        if (!step.judged) {
          const judged = known(input, key);
          if (judged) {
            // Known for good: the input is no longer needed.
            step.judged = judged;
            step.input = undefined;
            step.key = undefined;
          }
        }
        const judged = step.judged ?? assumed[used++];
        if (judged) {
          step = childOf(step, resolution(judged));
          continue;
        }
        if (!skip(input, key) && !named.has(key)) out.push(input);
        named.add(key);
        branches.push([...assumed, PASS], [...assumed, FAIL]);
        break;
      }
      step.seen = call;
    }
    dropUnseen(root, call);
    return out.slice(0, count);
  };
}

/** Drops the steps below `root` that call `call` did not go through. */
function dropUnseen(root: Step, call: number): void {
  const stack = [root];
  for (let step = stack.pop(); step; step = stack.pop()) {
    for (const [via, child] of step.children) {
      if (child.seen === call) stack.push(child);
      else step.children.delete(via);
    }
  }
}
