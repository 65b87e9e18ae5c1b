import { describe, expect, it } from 'vitest';
import type { Input } from '../../../src/core/oracle/oracle.js';
import { aheadUnrefused, type Refusal, refusalOf } from '../../../src/core/oracle/refusal.js';
import { UNPARSED } from '../../../src/core/oracle/verdict.js';

/** Refuses a text with an unclosed bracket, as a grammar would. */
const refuse: Refusal = (input: Input) =>
  typeof input === 'string' && input.split('(').length !== input.split(')').length
    ? 'does not parse as brackets'
    : undefined;

describe('refusal', () => {
  it('gives a refused input INVALID with the UNPARSED error, and nothing for the others', () => {
    expect(refusalOf(refuse, 'f(')).toEqual({
      outcome: 'INVALID',
      error: { name: UNPARSED, message: 'does not parse as brackets' },
    });
    expect(refusalOf(refuse, 'f()')).toBeUndefined();
  });

  it('leaves refused inputs out of those named ahead, in order, asking with the same arguments', () => {
    const asked: [number, boolean | undefined][] = [];
    const ahead = (count: number, chased?: boolean) => {
      asked.push([count, chased]);
      return ['a(', 'b()', 'c)', 'd'];
    };
    expect(aheadUnrefused(ahead, refuse)(4, true)).toEqual(['b()', 'd']);
    expect(asked).toEqual([[4, true]]);
  });
});
