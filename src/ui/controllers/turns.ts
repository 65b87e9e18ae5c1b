/**
 * The page's one guard against stale answers. Every navigation, run and replay begins a turn;
 * a turn stays current until the next one begins, and only the current turn may change what
 * the page shows.
 */
export interface Turn {
  readonly current: boolean;
}

/** Hands out turns, one current at a time; beginning one calls `onBegin` (to cancel a run). */
export class Turns {
  #turn = 0;
  readonly #onBegin: () => void;

  constructor(onBegin: () => void = () => {}) {
    this.#onBegin = onBegin;
  }

  /** Begins a turn: the one before is over. */
  begin(): Turn {
    const turn = ++this.#turn;
    this.#onBegin();
    const turns = this;
    return {
      get current() {
        return turn === turns.#turn;
      },
    };
  }
}
