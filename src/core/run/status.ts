import { cutSize } from '../input/edit.js';
import type { Input, LookAhead, Oracle } from '../oracle/oracle.js';
import type { Outcome } from '../oracle/verdict.js';
import type { IsolationEvent, SessionEvent } from '../session/events.js';

/**
 * Where a live run is, as it goes: told every quarter of a second whatever happens, so that a
 * search of hanging calls is seen for what it is within a second. It is not part of the session
 * (a replay has no clock): the transcript says what happened, this says how it is going.
 */
export interface RunStatus {
  phase: 'search' | 'reduce' | 'verify';
  /** Generator attempts judged so far, and how they came out. */
  attempts: number;
  outcomes: Partial<Record<Outcome, number>>;
  /** Oracle executions after the search (confirmation, trials, verification). */
  executions: number;
  /** Inputs being judged right now (a batch of the search, or one trial). */
  judging: number;
  /**
   * Trials decided so far, and the size of the current input in units (null before any); in an
   * isolation, the size of the difference between its sides, in edits.
   */
  trials: number;
  size: number | null;
  elapsedMs: number;
}

/** Follows a live run's events and its oracle requests; {@link status} says where it is. */
export class StatusTracker {
  readonly #clock: () => number;
  readonly #started: number;
  #phase: RunStatus['phase'] = 'search';
  #attempts = 0;
  readonly #outcomes: Partial<Record<Outcome, number>> = {};
  #executions = 0;
  #judging = 0;
  #trials = 0;
  #size: number | null = null;

  constructor(clock: () => number) {
    this.#clock = clock;
    this.#started = clock();
  }

  /** Takes in one session event. */
  observe(event: SessionEvent): void {
    if (event.type === 'attempt') {
      this.#attempts = event.attempt;
      this.#outcomes[event.outcome] = (this.#outcomes[event.outcome] ?? 0) + 1;
    } else if (event.type === 'call') {
      this.#executions = event.execution;
      this.#phase = event.phase === 'verify' ? 'verify' : 'reduce';
    } else if (event.type === 'found') this.#phase = 'reduce';
    else if (event.type === 'decision') {
      this.#trials = event.trial;
      const block = (event.hi ?? 0) - (event.lo ?? 0);
      // A keep within one argument keeps the other arguments' units too.
      const around = event.from !== undefined ? event.size - ((event.to ?? 0) - event.from) : 0;
      const kept =
        event.op === 'delete'
          ? event.size - block
          : event.op === 'keep'
            ? block + around
            : event.op === 'cut'
              ? event.size - cutSize(event.spans ?? [])
              : event.size;
      this.#size = event.accepted ? kept : event.size;
    } else if (event.type === 'isolation') {
      this.#trials = event.trial;
      this.#size = differenceAfter(event);
    }
  }

  /** The oracle, counting the inputs of each request while it is being judged. */
  around(oracle: Oracle): Oracle {
    const judging = async <T>(count: number, judge: () => Promise<T>): Promise<T> => {
      this.#judging = count;
      try {
        return await judge();
      } finally {
        this.#judging = 0;
      }
    };
    return {
      judge: (input: Input, ahead?: LookAhead) =>
        judging(1, () => (ahead ? oracle.judge(input, ahead) : oracle.judge(input))),
      judgeBatch: (inputs: readonly Input[]) =>
        judging(inputs.length, () => oracle.judgeBatch(inputs)),
    };
  }

  /** Where the run is now. */
  status(): RunStatus {
    return {
      phase: this.#phase,
      attempts: this.#attempts,
      outcomes: { ...this.#outcomes },
      executions: this.#executions,
      judging: this.#judging,
      trials: this.#trials,
      size: this.#size,
      elapsedMs: this.#clock() - this.#started,
    };
  }
}

/**
 * The size of an isolation's difference after a trial: a narrowing move (to the block's subset
 * from the failing side, to its complement from the passing side) leaves the block, the two others
 * the rest, and no move all of it.
 */
function differenceAfter(event: IsolationEvent): number {
  if (event.moved === null) return event.size;
  const narrowing = event.moved === 'reduce-to-subset' || event.moved === 'increase-to-complement';
  return narrowing ? event.blockSize : event.size - event.blockSize;
}
