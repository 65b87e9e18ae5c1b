import { describe, expect, it } from 'vitest';
import {
  type GeneratorConfig,
  generatorProblems,
  InputStream,
} from '../../../src/core/generate/generator.js';
import type { InputKind, Json } from '../../../src/core/input/kinds.js';
import vectors from '../random/vectors.json';

/** Inputs of other kinds drawn by CPython (scripts/random-vectors.py, `kinds`). */
type KindCase = { config: GeneratorConfig & { kind: InputKind }; inputs: Json[] };

const cases = (vectors as unknown as { kinds: KindCase[] }).kinds;

describe('InputStream draws what CPython draws', () => {
  it('has vectors for strings and for arrays of JSON values', () => {
    expect(cases.map((c) => c.config.kind)).toEqual([
      'string',
      'string',
      'string',
      'array',
      'array',
    ]);
  });

  it.each(cases.map((c, i) => [i, c] as const))('case %i', (_, { config, inputs }) => {
    const { kind, ...generator } = config;
    const stream = new InputStream(generator, kind);
    expect(inputs.map(() => stream.next())).toEqual(inputs);
    expect(stream.attempts).toBe(inputs.length);
  });

  it('draws characters as code points, so an astral character is one unit', () => {
    const stream = new InputStream({ seed: 3, length: 40, alphabet: '😀a' }, 'string');
    const text = stream.next() as string;
    expect([...text]).toHaveLength(40);
    expect(text.replace(/😀|a/g, '')).toBe('');
  });
});

describe('generatorProblems', () => {
  it('asks strings for an alphabet, and integers for their range', () => {
    expect(generatorProblems({ seed: 1, length: 3 }, 'string')).toContainEqual({
      code: 'generator.alphabet',
    });
    expect(generatorProblems({ seed: 1, length: 3, alphabet: 'ab' }, 'string')).toEqual([]);
    expect(generatorProblems({ seed: 1, length: 3 }, 'int-array').length).toBeGreaterThan(0);
  });
});

describe('InputStream draws calls with several arguments', () => {
  it('draws each argument as its type says, as CPython does', () => {
    // r = random.Random(7); each call: for a string or an array, n = r.randint(2, 4), then
    // ''.join(r.choice('ab') for _ in range(n)) or [r.randint(-3, 3) for _ in range(n)];
    // for an integer, r.randint(-3, 3). CPython 3.11 printed these.
    const stream = new InputStream(
      {
        seed: 7,
        length: 2,
        maxLength: 4,
        min: -3,
        max: 3,
        alphabet: 'ab',
        arguments: ['string', 'int-array', 'int'],
      },
      'args',
    );
    expect([stream.next(), stream.next(), stream.next()]).toEqual([
      ['aba', [3, 1], -3],
      ['aaa', [0, 0], -3],
      ['ab', [3, 1], -3],
    ]);
  });

  it('draws two strings unless told otherwise, and refuses a call of no or unknown arguments', () => {
    const stream = new InputStream({ seed: 1, length: 3, alphabet: 'xy' }, 'args');
    const call = stream.next() as string[];
    expect(call.map((argument) => typeof argument === 'string' && argument.length)).toEqual([3, 3]);
    const codes = (config: GeneratorConfig) =>
      generatorProblems(config, 'args').map((problem) => problem.code);
    expect(codes({ seed: 1, length: 3, alphabet: 'xy', arguments: [] })).toEqual([
      'generator.args',
    ]);
    expect(codes({ seed: 1, length: 3, arguments: ['int'] })).toEqual(['generator.range-integers']);
    expect(codes({ seed: 1, length: 3, arguments: ['string'] })).toEqual(['generator.alphabet']);
  });
});
