import { describe, expect, it } from 'vitest';
import { renamed, renames } from '../../../../src/core/reduce/syntax/rename.js';

describe('renames', () => {
  it('offers each name the shortest unused one, most characters saved first', () => {
    const text = 'let total = add(total, "total"); // total\nfunction add(a, b) { return a + b; }';
    const offered = renames(text);
    // `a` and `b` are taken: the first free name is `c`. Keywords, strings and comments stay.
    expect(offered.map((r) => [r.name, r.to, r.spans.length])).toEqual([
      ['total', 'c', 2],
      ['add', 'c', 2],
    ]);
    expect(renamed(text, offered[0] as (typeof offered)[0])).toBe(
      'let c = add(c, "total"); // total\nfunction add(a, b) { return a + b; }',
    );
  });

  it('offers nothing where every name is already as short as a free one', () => {
    expect(renames('f(x) + g(y)')).toEqual([]);
  });

  it('counts places in code points', () => {
    const text = '"ü" + longName + longName';
    const [first] = renames(text);
    expect(first?.spans).toEqual([
      [6, 14],
      [17, 25],
    ]);
    expect(renamed(text, first as NonNullable<typeof first>)).toBe('"ü" + a + a');
  });
});
