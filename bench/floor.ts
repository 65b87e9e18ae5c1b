import type { Rate } from './rates.js';

/**
 * What the transport alone allows a trial: a message shaped like a trial's call (one of the
 * article's 12-number inputs) sent to two bare echoes at once, both answers awaited. No sandbox,
 * no user code, no oracle: the per-trial rate can come near this and never pass it.
 */
export interface TransportFloor {
  /** The echoes started as the sandboxes are (Node: child processes with IPC; Chromium: workers
   * of an opaque-origin frame, reached from the page). */
  perTrial: Rate;
  /**
   * Node only: the same with the measuring process and both echoes held on one core
   * (`taskset -c 0`), so that no answer has to wake another core; null where there is no taskset.
   */
  oneCore: Rate | null;
  /**
   * Chromium only: the same with echo workers the page starts itself, in its own process (what
   * sandboxes in the same process as their caller would allow); null under Node.
   */
  sameProcess: Rate | null;
}

/** The message each echo gets per trial (a call as Comlink sends it). */
export const TRIAL_MESSAGE = {
  id: 'trial',
  type: 'APPLY',
  path: ['call'],
  argumentList: [{ type: 'RAW', value: [-3, -3, -8, -4, -4, -8, -1, -9, -5, -4, -6, -7] }],
};

/** Trials per timed run. */
export const FLOOR_TRIALS = 1000;
