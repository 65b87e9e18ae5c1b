/**
 * A task that runs once, `ms` after the last time it was asked for (an edit burst runs it once).
 * Asking again before then restarts the wait; `cancel` forgets it.
 */
export class Debounced {
  readonly #ms: number;
  #timer: ReturnType<typeof setTimeout> | null = null;

  constructor(ms: number) {
    this.#ms = ms;
  }

  /** Runs `task` after the wait, instead of whatever was waiting. */
  schedule(task: () => void): void {
    this.cancel();
    this.#timer = setTimeout(() => {
      this.#timer = null;
      task();
    }, this.#ms);
  }

  /** Forgets the waiting task, if any. */
  cancel(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }
}
