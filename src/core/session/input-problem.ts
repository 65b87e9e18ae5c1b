import { KINDS } from '../input/kinds/registry.js';
import type { InputKind } from '../input/kinds.js';
import type { Problem } from '../text/problems.js';

/**
 * Why `input` cannot be an input of `kind` (or null when it can), as the kind says: for
 * example an array of at most `LIMITS.length` safe integers (never `-0`, which JSON cannot keep
 * apart from 0), a string of at most four times that many characters, any JSON value.
 */
export function inputProblem(input: unknown, kind: InputKind): Problem | null {
  return KINDS[kind].problem(input);
}
