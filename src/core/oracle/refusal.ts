import type { Input, LookAhead } from './oracle.js';
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

/** The verdict of `input` when `refuse` refuses it ({@link refusedVerdict}); else undefined. */
export function refusalOf(refuse: Refusal, input: Input): Verdict | undefined {
  const reason = refuse(input);
  return reason === undefined ? undefined : refusedVerdict(reason);
}

/** `ahead` without the inputs `refuse` refuses: those are never judged ahead. */
export function aheadUnrefused<T extends Input>(
  ahead: LookAhead<T>,
  refuse: Refusal,
): LookAhead<T> {
  return (count, chased) => ahead(count, chased).filter((input) => refuse(input) === undefined);
}
