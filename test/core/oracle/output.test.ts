import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLIPPED_PREFIX,
  clipOutput,
  formatOutput,
  OUTPUT_CHARS,
  sameOutput,
  toOutput,
} from '../../../src/core/oracle/output.js';

/** A JSON-like value as text with its object keys sorted: equal texts, equal values. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Keys that a careless encoding or comparison confuses, and a few plain ones. */
const KEY = fc.constantFrom('$', '$$', '$$$', '__proto__', 'constructor', 'toString', 'a', 'b', '');

/** JSON-like values whose objects use those keys (own keys, `__proto__` included). */
const { value: VALUE } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.integer({ min: -3, max: 3 }),
    fc.constantFrom('', '$', '$$', 'long', 'a'),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc
      .array(fc.tuple(KEY, tie('value')), { maxLength: 3 })
      .map((entries) => Object.fromEntries(entries)),
  ),
}));

/** The same value with one object key (the `pick`-th met) renamed to `key`: near misses. */
function renamed(value: unknown, pick: number, key: string): unknown {
  let left = pick;
  const visit = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(visit);
    if (item === null || typeof item !== 'object') return item;
    return Object.fromEntries(
      Object.entries(item).map(([name, child]) => [left-- === 0 ? key : name, visit(child)]),
    );
  };
  return visit(value);
}

/** The same value with its objects' keys in another order. */
function reordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reordered);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([key, item]) => [key, reordered(item)]),
    );
  }
  return value;
}

describe('outputs: written one to one, compared by own keys', () => {
  it('the cases that compared equal: { $$: 1 } against { $: 1 }, an own __proto__ against z', () => {
    expect(sameOutput(toOutput({ $$: 1 }), toOutput({ $: 1 }))).toBe(false);
    expect(sameOutput(toOutput(JSON.parse('{"__proto__":{}}')), toOutput({ z: 1 }))).toBe(false);
    expect(sameOutput(toOutput({ $: 'undefined' }), toOutput(undefined))).toBe(false);
    expect(sameOutput(toOutput(new Map([[1, 2]])), toOutput({}))).toBe(false);
    expect(sameOutput(toOutput(new Set([1])), toOutput(new Set([2])))).toBe(false);
    expect(sameOutput(toOutput(new Date(0)), toOutput(new Date(1)))).toBe(false);
    expect(sameOutput(toOutput({ $: 1 }), toOutput({ $: 1 }))).toBe(true);
  });

  it('never compares two distinct JSON-like values equal, and always two equal ones', () => {
    const pair = fc.oneof(
      fc.tuple(VALUE, VALUE),
      VALUE.map((value) => [value, reordered(value)] as const),
      fc
        .tuple(VALUE, fc.nat({ max: 4 }), KEY)
        .map(([value, pick, key]) => [value, renamed(value, pick, key)] as const),
    );
    fc.assert(
      fc.property(pair, ([a, b]) => {
        expect(sameOutput(toOutput(a), toOutput(b))).toBe(canonical(a) === canonical(b));
      }),
      { numRuns: 2000 },
    );
  });

  it('tells apart objects that differ only in the name of one key', () => {
    fc.assert(
      fc.property(KEY, KEY, VALUE, (a, b, value) => {
        const one = toOutput(Object.fromEntries([[a, value]]));
        const other = toOutput(Object.fromEntries([[b, value]]));
        expect(sameOutput(one, other)).toBe(a === b);
      }),
      { numRuns: 1000 },
    );
  });

  it('writes no user object as a tag', () => {
    fc.assert(
      fc.property(VALUE, (value) => {
        const written = JSON.stringify(toOutput(value));
        // A user key "$" is written "$$"; only tags hold the key "$" itself.
        expect(written.includes('"$":')).toBe(false);
      }),
    );
  });
});

describe('clipOutput', () => {
  it('keeps an output whole up to its bound, a number at no cost', () => {
    expect(clipOutput(-7)).toBe(-7);
    const whole = 'x'.repeat(OUTPUT_CHARS - 2);
    expect(clipOutput(whole)).toBe(whole);
    const list = Array.from({ length: 500 }, (_, i) => i);
    expect(clipOutput(list)).toBe(list);
  });

  it('clips a longer one to its length, its head and a hash of it', () => {
    const text = 'a'.repeat(300_000);
    const clipped = clipOutput(text) as Record<string, unknown>;
    expect(clipped).toMatchObject({ $: 'long', n: 300_002 });
    expect((clipped.v as string).length).toBe(CLIPPED_PREFIX);
    expect(clipped.h).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.stringify(clipped).length).toBeLessThan(400);
    expect(clipOutput(Array.from({ length: 5000 }, () => 1))).toMatchObject({ $: 'long' });
  });

  it('still tells long outputs apart that differ anywhere, and equal ones alike', () => {
    const long = fc.string({ minLength: OUTPUT_CHARS, maxLength: OUTPUT_CHARS + 50 });
    fc.assert(
      fc.property(long, fc.nat(), fc.string({ minLength: 1, maxLength: 1 }), (text, at, char) => {
        const i = at % text.length;
        const other = text.slice(0, i) + char + text.slice(i + 1);
        const same = clipOutput(toOutput(text));
        expect(sameOutput(same, clipOutput(toOutput(`${text}`)))).toBe(true);
        expect(sameOutput(same, clipOutput(toOutput(other)))).toBe(other === text);
        expect(sameOutput(same, clipOutput(toOutput(`${text}!`)))).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('shows a clipped output by its head and its length', () => {
    const shown = formatOutput(clipOutput('ab'.repeat(100_000)));
    expect(shown.startsWith('"abab')).toBe(true);
    expect(shown).toContain('(200002 characters)');
    expect(shown.length).toBeLessThan(340);
  });
});
