import { describe, expect, it } from 'vitest';
import { sameValue, sizeOf, valueKey } from '../../../src/core/input/value.js';

describe('values of any kind', () => {
  it('compares JSON values by content, with -0 apart from 0', () => {
    expect(sameValue({ a: [1, 'x'], b: null }, { b: null, a: [1, 'x'] })).toBe(true);
    expect(sameValue([0], [-0])).toBe(false);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue('1', 1)).toBe(false);
  });

  it('keys equal values alike and keeps the integer arrays’ key format', () => {
    expect(valueKey('abc')).toBe(valueKey('abc'));
    expect(valueKey('abc')).not.toBe(valueKey('abd'));
    expect(valueKey([1, 2, 3])).toMatch(/^3:/);
    expect(valueKey({ a: 1 })).not.toBe(valueKey('{"a":1}'));
  });

  it('measures an input in the units of its shape', () => {
    expect(sizeOf('a😀\nb', { kind: 'string', split: 'chars' })).toBe(4);
    expect(sizeOf('a\nb\n', { kind: 'string', split: 'lines' })).toBe(2);
    expect(sizeOf([1, [2, 3]], { kind: 'json' })).toBe(4);
    expect(sizeOf([1, [2, 3]], { kind: 'array' })).toBe(2);
  });
});
