import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../../src/core/code/refs.js';
import type { CallResult } from '../../../src/core/oracle/classify.js';
import { ERROR_MESSAGE_CHARS } from '../../../src/core/text/error-text.js';
import { callEntry } from '../../../workers/sandbox/call.js';
import { compileModule, type UserModule } from '../../../workers/sandbox/compile.js';
import { hashInput, seededRandom } from '../../../workers/sandbox/random.js';

function load(source: string, language: Language = 'js'): UserModule {
  const compiled = compileModule(source, language, 'candidate');
  if (!compiled.ok) throw new Error(`expected it to compile: ${compiled.error.message}`);
  return compiled.module;
}

function crash(result: CallResult) {
  if (result.ok) throw new Error(`expected a crash, got ${JSON.stringify(result)}`);
  return result.error;
}

const KADANE = `export function candidate(a: readonly number[]): number {
  let best = 0;
  let current = 0;
  for (const x of a) {
    current = Math.max(0, current + x);
    best = Math.max(best, current);
  }
  return best;
}`;

describe('callEntry', () => {
  it('returns what the function returns, as an output', () => {
    const result = callEntry(load(KADANE, 'ts'), [-3, -3, -8], 'candidate');
    expect(result).toMatchObject({ ok: true, value: 0 });
    expect(result.ms).toBeGreaterThanOrEqual(0);
    expect(callEntry(load('export default () => undefined;'), [1], 'candidate')).toMatchObject({
      ok: true,
      value: { $: 'undefined' },
    });
    expect(
      callEntry(load('export default (a) => [a.length, NaN];'), [1], 'candidate'),
    ).toMatchObject({
      value: [1, { $: 'number', v: 'NaN' }],
    });
  });

  it('answers a long output clipped and a long message cut: a page is never sent megabytes', () => {
    const hostile = load(
      `export function candidate(a) {
  if (a[0] === 0) return 'a' + '\\u0301'.repeat(300000);
  if (a[0] === 1) return Array.from({ length: 1e6 }, (_, i) => i);
  throw new Error('m'.repeat(30e6));
}`,
    );
    const long = callEntry(hostile, [0], 'candidate');
    expect(long).toMatchObject({ ok: true, value: { $: 'long', n: 300_003 } });
    expect(JSON.stringify(long).length).toBeLessThan(500);
    expect(callEntry(hostile, [1], 'candidate')).toMatchObject({ value: { $: 'long' } });
    const error = crash(callEntry(hostile, [2], 'candidate'));
    expect(error.message.length).toBe(ERROR_MESSAGE_CHARS + 1);
    expect(error.message.endsWith('m…')).toBe(true);
  });

  it('reports a throw with its line and column in the user source', () => {
    const source =
      'interface X { a: number }\nexport function candidate(a: number[]): number {\n  if (a.length > 2) throw new RangeError("too long");\n  return 1;\n}';
    const error = crash(callEntry(load(source, 'ts'), [1, 2, 3], 'candidate'));
    expect(error).toEqual({
      name: 'RangeError',
      message: 'too long',
      role: 'candidate',
      line: 3,
      column: 27,
    });
  });

  it('points at the user frame when the throw comes from a built-in', () => {
    const source = 'export default function (a) {\n  return JSON.parse("{" + a);\n}';
    const error = crash(callEntry(load(source), [1], 'reference'));
    expect(error).toMatchObject({ name: 'SyntaxError', role: 'reference', line: 2, column: 15 });
  });

  it('reports values that are not errors by String(value), without a position', () => {
    const cases: [string, string][] = [
      ['"boom"', 'boom'],
      ['42', '42'],
      ['null', 'null'],
      ['undefined', 'undefined'],
      ['{ code: 1 }', '[object Object]'],
      ['Symbol("s")', 'Symbol(s)'],
      ['{ toString() { throw 1; } }', '[object Object]'],
    ];
    for (const [value, message] of cases) {
      const error = crash(
        callEntry(load(`export default () => { throw ${value}; };`), [], 'outcome'),
      );
      expect(error).toEqual({ name: 'Error', message, role: 'outcome' });
    }
  });

  it('reports a stack overflow as a crash', () => {
    const module = load('export function candidate(a) {\n  return candidate(a) + 1;\n}');
    const error = crash(callEntry(module, [1], 'candidate'));
    expect(error).toMatchObject({
      name: 'RangeError',
      message: 'Maximum call stack size exceeded',
    });
    // V8 notices the overflow at the call (line 2) or, under coverage, at the function's entry.
    expect([1, 2]).toContain(error.line);
  });

  it('passes a fresh copy of the input', () => {
    const module = load(
      'export default (a) => { a.sort((x, y) => x - y); a.push(99); return a; };',
    );
    const input = [3, 1, 2];
    expect(callEntry(module, input, 'candidate')).toMatchObject({ value: [1, 2, 3, 99] });
    expect(callEntry(module, input, 'candidate')).toMatchObject({ value: [1, 2, 3, 99] });
    expect(input).toEqual([3, 1, 2]);
  });

  it('skips the function when valid() rejects the input', () => {
    const module = load(
      'let calls = 0;\nexport const valid = (a) => a.length >= 2;\nexport default (a) => ++calls;',
    );
    expect(callEntry(module, [1], 'candidate')).toMatchObject({
      ok: true,
      value: null,
      invalid: true,
    });
    expect(callEntry(module, [1, 2], 'candidate')).toMatchObject({ ok: true, value: 1 });
    expect(callEntry(module, [1, 2], 'candidate')).not.toHaveProperty('invalid');
  });

  it('reports a valid() that throws as a crash', () => {
    const module = load('export const valid = (a) => a.x.y;\nexport default () => 1;');
    expect(crash(callEntry(module, [1], 'candidate'))).toMatchObject({
      name: 'TypeError',
      line: 1,
    });
  });

  it('rejects async functions instead of comparing promises', () => {
    const module = load('export default async (a) => { throw new Error("later"); };');
    expect(crash(callEntry(module, [1], 'candidate')).message).toBe(
      'candidate returned a Promise: the sandbox runs synchronous functions only',
    );
  });

  it('reports a result whose getter throws as a crash', () => {
    const module = load('export default () => ({ get x() { throw new Error("getter"); } });');
    expect(crash(callEntry(module, [], 'candidate')).message).toBe('getter');
  });

  it('works on hand-made modules without a source position', () => {
    const module: UserModule = {
      fn: () => {
        throw new TypeError('plain');
      },
    };
    expect(crash(callEntry(module, [], 'candidate'))).toEqual({
      name: 'TypeError',
      message: 'plain',
      role: 'candidate',
    });
  });
});

describe('callEntry: Math.random', () => {
  const RANDOM = load('export default (a) => [Math.random(), Math.random(), Math.random()];');

  it('is seeded from the input: the same input sees the same stream', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1e12, max: 1e12 }), { maxLength: 12 }), (input) => {
        const first = callEntry(RANDOM, input, 'candidate');
        const second = callEntry(RANDOM, [...input], 'candidate');
        expect(first.ok && second.ok).toBe(true);
        if (first.ok && second.ok) expect(second.value).toEqual(first.value);
      }),
    );
  });

  it('differs between inputs', () => {
    const values = new Set<string>();
    for (const input of [[], [0], [1], [-1], [1, 2], [2, 1], [2 ** 40], [2 ** 40 + 1]]) {
      const result = callEntry(RANDOM, input, 'candidate');
      if (result.ok) values.add(JSON.stringify(result.value));
    }
    expect(values.size).toBe(8);
  });

  it("leaves the sandbox's own Math.random alone, also after a throw", () => {
    const original = Math.random;
    callEntry(RANDOM, [1], 'candidate');
    expect(Math.random).toBe(original);
    callEntry(load('export default () => { throw new Error(); };'), [1], 'candidate');
    expect(Math.random).toBe(original);
  });

  it('draws floats in [0, 1) from the seed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (seed) => {
        const random = seededRandom(seed);
        for (let i = 0; i < 4; i++) {
          const value = random();
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThan(1);
        }
      }),
    );
    expect(hashInput([1, 2])).not.toBe(hashInput([2, 1]));
  });
});
