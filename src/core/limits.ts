/**
 * Every bound on what a run may ask for and what a file or a link may ask a reader to rebuild,
 * in one place (the README lists them). Past one, a run is refused, or a file or link is
 * refused with one sentence naming the limit, before anything is allocated.
 */
export const LIMITS = {
  /** Generator attempts of one search. */
  attempts: 10_000_000,
  /** Elements of one input. */
  length: 1_000_000,
  /** Numbers one search may generate (attempts × length). */
  generated: 20_000_000,
  /** Characters of one role's source. */
  code: 200_000,
  /** Extra runs of each failure, to tell a flaky one. */
  repeats: 10,
  /** The longest per-call budget a run takes without the user confirming it (a link may ask more). */
  safeCallMs: 10_000,
  /** Digits of a seed (CPython's own default limit for turning text into an integer). */
  seedDigits: 4300,
  /** Characters of one line of a session. */
  lineChars: 32_000_000,
  /** Nesting of arrays and objects in one line of a session. */
  depth: 100,
  /** Numbers a session's packed rows may rebuild, beyond those written in it. */
  rebuilt: 20_000_000,
  /** Versions of one history (a bisection). */
  versions: 64,
  /** Inputs an exhaustive check judges unless told it may judge more. */
  exhaustiveInputs: 10_000_000,
} as const;
