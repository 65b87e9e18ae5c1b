import { describe, expect, it } from 'vitest';
import { fitKind } from '../../../src/ui/model/fit-kind.js';
import { outlineOf } from '../../../src/ui/model/outline.js';
import { pastedInput, pastedKind } from '../../../src/ui/model/pasted.js';
import { inputText, sizeText, unitLabel } from '../../../src/ui/model/units-view.js';
import type { Workspace } from '../../../src/ui/model/workspace.js';

describe('units as the playground shows them', () => {
  it('makes white space visible in characters and words, and keeps a line’s indentation', () => {
    const chars = { kind: 'string', split: 'chars' } as const;
    expect([' ', '\n', '\t', '\u0000', 'é'].map((c) => unitLabel(c, chars))).toEqual([
      '␣',
      '↵',
      '⇥',
      '␀',
      'é',
    ]);
    expect(unitLabel('  "a": 1,\n', { kind: 'string', split: 'lines' })).toBe('  "a": 1,↵');
    expect(unitLabel('two\t', { kind: 'string', split: 'words' })).toBe('two⇥');
    expect(unitLabel('x', { kind: 'array' })).toBe('"x"');
    expect(unitLabel(-7, { kind: 'int-array' })).toBe('-7');
  });

  it('writes inputs short: integer arrays as the article does, anything else as JSON', () => {
    expect(inputText([-1, -9, -5], { kind: 'int-array' })).toBe('[-1,-9,-5]');
    expect(inputText('<b>', { kind: 'string', split: 'chars' })).toBe('"<b>"');
    const long = 'x'.repeat(200);
    expect(inputText(long, { kind: 'string', split: 'chars' })).toMatch(
      /^"x{62}… \(200 characters\)$/,
    );
    expect(sizeText({ a: [1, 2] }, { kind: 'json' })).toBe('3 nodes');
  });

  it('draws a tree as an outline with the removed nodes of a level marked', () => {
    const { rows, hidden } = outlineOf({ a: [1, 2], b: { c: 3 } }, 200, { level: 2, lo: 1, hi: 3 });
    expect(hidden).toBe(0);
    expect(rows.map((row) => [row.depth, row.key, row.text, row.removed])).toEqual([
      [0, null, '{ 2 }', false],
      [1, 'a', '[ 2 ]', false],
      [2, '0', '1', false],
      [2, '1', '2', true],
      [1, 'b', '{ 1 }', false],
      [2, 'c', '3', true],
    ]);
    expect(outlineOf([1, 2, 3], 2).hidden).toBe(2);
  });
});

describe('pasted inputs and kinds', () => {
  it('picks the kind from what is pasted', () => {
    expect(pastedKind('"<b>x</b>"')).toEqual({ kind: 'string', failing: '<b>x</b>' });
    expect(pastedKind('[3, 1, 2]')).toEqual({ kind: 'int-array', failing: '[3, 1, 2]' });
    expect(pastedKind('[1, "a"]')).toEqual({ kind: 'array', failing: '[1, "a"]' });
    expect(pastedKind('{"a": 1}')).toEqual({ kind: 'json', failing: '{"a": 1}' });
    expect(pastedKind('<SELECT>')).toEqual({ kind: 'string', failing: '<SELECT>' });
    expect(pastedKind('  ')).toBeNull();
  });

  it('reads a pasted input by its kind, or says why it cannot', () => {
    expect(pastedInput('[1, 2,', 'string')).toEqual({ ok: true, input: '[1, 2,' });
    expect(pastedInput('[1, 2,', 'int-array')).toEqual({
      ok: false,
      problem: { code: 'input.not-json' },
    });
    // Text typed into the box while the kind is integers: a hint to switch the kind.
    expect(pastedInput('hello world', 'int-array')).toEqual({
      ok: false,
      problem: { code: 'input.looks-like-text' },
    });
    expect(pastedInput('[1, "a"]', 'int-array')).toMatchObject({ ok: false });
    expect(pastedInput('{"a": [1]}', 'json')).toEqual({ ok: true, input: { a: [1] } });
  });

  it('fits the reducer and the source to the kind', () => {
    const base = { kind: 'json', reducer: 'chunks', source: 'generate' } as Workspace;
    expect(fitKind(base)).toMatchObject({ reducer: 'hdd', source: 'paste' });
    const text = { kind: 'string', reducer: 'hdd', source: 'generate' } as Workspace;
    // The kind's default, not the first reducer of the menu (issue 42).
    expect(fitKind(text)).toMatchObject({ reducer: 'bisect', source: 'generate' });
    const fits = { kind: 'string', reducer: 'ddmin', source: 'paste' } as Workspace;
    expect(fitKind(fits)).toBe(fits);
  });
});
