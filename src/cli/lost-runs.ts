/**
 * A run of the test that the engine running it lost (a node that failed, a connection that
 * dropped) says nothing of the trial: its exit status, the one the engine gives a lost run
 * (`--retry-exit`), is never a verdict. The trial runs again, freshly laid out, up to `retries`
 * more times; after that the reduction stops (see {@link LostRun}).
 */
export interface RetryRule {
  /** The exit status that means a lost run (1 to 255, never the one that means INVALID). */
  exit: number;
  /** How many times a lost trial runs again before the reduction stops. */
  retries: number;
}

/** How many times a lost trial runs again when `--retries` is not given. */
export const DEFAULT_RETRIES = 3;

/**
 * The engine lost every run of one trial: no verdict can be had for it, so the reduction stops
 * where it is (its best result so far is kept, as on Ctrl-C), and the command ends with this
 * message.
 */
export class LostRun extends Error {
  /**
   * `runs` are the numbers of the trial's runs (all lost), `size` says how large the trial was.
   */
  constructor(rule: RetryRule, runs: readonly number[], size: string) {
    const tries = runs.length === 1 ? 'once' : runs.length === 2 ? 'twice' : `${runs.length} times`;
    super(
      `the engine lost the test's run on a trial of ${size} ${tries} in a row (exit status ${rule.exit}, --retry-exit; runs ${runs.join(', ')}): stopped with the best result so far, not verified 1-minimal`,
    );
    this.name = 'LostRun';
  }
}
