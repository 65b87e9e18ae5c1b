import { holdsNegativeZero, type InputKind, isJson } from '../input/kinds.js';
import { LIMITS } from '../limits.js';
import type { Problem } from '../text/problems.js';
import { isInt } from './checks.js';

/**
 * Why `input` cannot be an input of `kind` (or null when it can): an array of at most
 * {@link LIMITS.length} safe integers (never `-0`, which JSON cannot keep apart from 0), a
 * string of at most that many characters, an array of JSON values, or any JSON value.
 */
export function inputProblem(input: unknown, kind: InputKind): Problem | null {
  const max = LIMITS.length;
  switch (kind) {
    case 'int-array':
      if (!Array.isArray(input) || input.length > max || !input.every(isInt)) {
        return { code: 'input.invalid', values: { max } };
      }
      return input.some((x) => Object.is(x, -0)) ? { code: 'input.negative-zero' } : null;
    case 'string':
      return typeof input === 'string' && input.length <= max * 4
        ? null
        : { code: 'input.not-string', values: { max: max * 4 } };
    case 'array':
      if (!Array.isArray(input) || input.length > max || !isJson(input, LIMITS.depth)) {
        return { code: 'input.not-array', values: { max } };
      }
      return holdsNegativeZero(input) ? { code: 'input.negative-zero' } : null;
    case 'json':
      if (!isJson(input, LIMITS.depth)) return { code: 'input.not-json-value' };
      return holdsNegativeZero(input) ? { code: 'input.negative-zero' } : null;
    case 'args':
      if (!Array.isArray(input) || input.length === 0 || !isJson(input, LIMITS.depth)) {
        return { code: 'input.not-args' };
      }
      if (JSON.stringify(input).length > max * 8) return { code: 'input.not-args' };
      return holdsNegativeZero(input) ? { code: 'input.negative-zero' } : null;
  }
}
