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
