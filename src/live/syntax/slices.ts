import { Cancelled } from '../../core/reduce/runner.js';

/**
 * How long a parse works at a time before it lets the rest of its thread run (a Ctrl-C, a
 * cancel, a page's messages), then goes on where it stopped.
 */
export const SLICE_MS = 50;

/**
 * The slices of time a long parse is cut into: it asks whether its slice is over as it goes,
 * and between two slices waits for the thread's other work, then stops if it was cancelled
 * meanwhile. Only when the work is done is cut, never what it gives.
 */
export class Slices {
  readonly #cancelled: () => boolean;
  #start = performance.now();

  constructor(cancelled: () => boolean = () => false) {
    this.#cancelled = cancelled;
  }

  /** Whether this slice has run its time. */
  over(): boolean {
    return performance.now() - this.#start > SLICE_MS;
  }

  /** Lets the thread's other work run, then starts the next slice; {@link Cancelled} if cancelled. */
  async next(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (this.#cancelled()) throw new Cancelled();
    this.#start = performance.now();
  }
}
