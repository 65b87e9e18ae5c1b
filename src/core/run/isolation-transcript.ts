import type { Json, Shape } from '../input/kinds.js';
import { fromUnits, toUnits } from '../input/units.js';
import { allUnits } from '../isolate/configuration.js';
import { dd } from '../isolate/dd.js';
import { applyEdits, editsBetween, type UnitEdit } from '../isolate/edits.js';
import type { Configuration, Isolation, IsolationTrial } from '../isolate/types.js';
import { type MarkedUnits, trialView } from '../isolate/view.js';
import type { HistoryRow, Judged } from '../reduce/types.js';
import type { IsolateConfig } from '../session/config.js';
import type { IsolationEvent } from '../session/events.js';

/**
 * An isolation's trials rebuilt from its session's events, for the transcript: `dd` is run again
 * on the same edits, each decision's recorded move fed back to it, so that every trial's input
 * and sides are known, a cached one's too (its decision holds no input).
 */
export class IsolationTrials {
  readonly #isolate: IsolateConfig;
  readonly #shape: Shape;
  #passUnits: Json[] = [];
  #edits: UnitEdit[] = [];
  #steps: Isolation | null = null;
  #trial: IsolationTrial | null = null;

  constructor(isolate: IsolateConfig, shape: Shape) {
    this.#isolate = isolate;
    this.#shape = shape;
  }

  /**
   * The failing input is confirmed: the edits from the passing input (the config's, or `pass`:
   * a bisection's last good version) to it are known.
   */
  start(fail: Json, pass: Json = this.#isolate.pass): void {
    this.#passUnits = toUnits(pass, this.#shape);
    this.#edits = editsBetween(this.#passUnits, toUnits(fail, this.#shape), this.#isolate.replace);
    this.#steps = dd({ pass: [], fail: allUnits(this.#edits.length) }, this.#isolate.mode);
    const first = this.#steps.next();
    this.#trial = first.done ? null : first.value;
  }

  /** The history row of a decision, and `dd` moved on past it. */
  row(event: IsolationEvent): HistoryRow {
    const trial = this.#trial;
    if (!trial || !this.#steps) throw new Error(`isolation trial ${event.trial} was never made`);
    const row: HistoryRow = {
      before: this.#input(trial.fail),
      trial: this.#input(trial.config),
      outcome: event.outcome,
      accepted: event.moved !== null,
      granularity: trial.granularity,
      isolation: {
        pass: this.#input(trial.pass),
        move: trial.move,
        moved: event.moved,
        block: trial.block,
        blockSize: trial.blockUnits.length,
        size: trial.fail.length - trial.pass.length,
        view: this.#view(trial),
      },
    };
    const next = this.#steps.next(judgedFor(trial, event));
    this.#trial = next.done ? null : next.value;
    return row;
  }

  /** The trial drawn from the side it starts from (see `trialView`). */
  #view(trial: IsolationTrial): MarkedUnits {
    const subset = trial.move.endsWith('subset');
    const base = subset ? trial.pass : trial.fail;
    return trialView(
      this.#passUnits,
      this.#edits,
      base,
      trial.blockUnits,
      subset ? 'subset' : 'complement',
    );
  }

  #input(config: Configuration): Json {
    return fromUnits(applyEdits(this.#passUnits, this.#edits, config), this.#shape);
  }
}

/** A judgement that makes the move the decision recorded (dd reads nothing else of it). */
function judgedFor(trial: IsolationTrial, event: IsolationEvent): Judged {
  if (event.moved !== null && event.moved === trial.ifFail) {
    return { outcome: event.outcome, chased: true };
  }
  if (event.moved !== null && event.moved === trial.ifPass)
    return { outcome: 'PASS', chased: false };
  return { outcome: event.outcome === 'PASS' ? 'INVALID' : event.outcome, chased: false };
}
