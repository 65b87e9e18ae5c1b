import type { Json, Shape } from '../input/kinds.js';
import { fromUnits, toUnits } from '../input/units.js';
import { difference, union } from '../isolate/configuration.js';
import { applyEdits, editsBetween, type UnitEdit } from '../isolate/edits.js';
import { configurationOf } from '../isolate/ranges.js';
import type { Configuration, IsolationTrial } from '../isolate/types.js';
import { type MarkedUnits, trialView } from '../isolate/view.js';
import { block } from '../reduce/blocks.js';
import type { HistoryRow } from '../reduce/types.js';
import type { IsolateConfig } from '../session/config.js';
import type { IsolationEvent } from '../session/events.js';

/**
 * An isolation's trials made from its run's events, for the transcript: each decision holds the
 * sides of its trial, so its inputs are the edits between the start's inputs applied to them,
 * and `dd` is never run again (the transcript hears a run's own events, a replay's too: a
 * session of a format before 2.4, which stored no sides, gets them from its replay).
 */
export class IsolationTrials {
  readonly #isolate: IsolateConfig;
  readonly #shape: Shape;
  #passUnits: Json[] = [];
  #edits: UnitEdit[] = [];

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
  }

  /** The history row of a decision. */
  row(event: IsolationEvent): HistoryRow {
    if (!event.pass || !event.fail) {
      throw new Error(`isolation trial ${event.trial} holds no sides (a run's events do)`);
    }
    const trial = trialOf(event, configurationOf(event.pass), configurationOf(event.fail));
    return {
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
  }

  /** The trial drawn from the side it starts from (see `trialView`). */
  #view(trial: TrialSides): MarkedUnits {
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

/** What a row is made of: a trial's sides, its block and the configuration it judged. */
type TrialSides = Pick<
  IsolationTrial,
  'config' | 'pass' | 'fail' | 'block' | 'blockUnits' | 'granularity' | 'move'
>;

/**
 * The trial a decision stored with its sides made: its block cut from their difference as `dd`
 * cuts it, added to the passing side (a subset move) or taken from the failing one.
 */
function trialOf(event: IsolationEvent, pass: Configuration, fail: Configuration): TrialSides {
  const delta = difference(fail, pass);
  const [lo, hi] = block(event.block, event.granularity, delta.length);
  const blockUnits = delta.slice(lo, hi);
  const config = event.move.endsWith('subset')
    ? union(pass, blockUnits)
    : difference(fail, blockUnits);
  const { block: index, granularity, move } = event;
  return { config, pass, fail, block: index, blockUnits, granularity, move };
}
