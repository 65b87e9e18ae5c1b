import type { Input } from './oracle.js';
import { UNPARSED, type Verdict } from './verdict.js';

/**
 * Why an input is not worth running (a program's trial that no longer parses), or `undefined`
 * to run it.
 */
export type Refusal = (input: Input) => string | undefined;

/** The verdict of an input refused for `reason`: INVALID at once, its error {@link UNPARSED}. */
export function refusedVerdict(reason: string): Verdict {
  return { outcome: 'INVALID', error: { name: UNPARSED, message: reason } };
}
