import { describe, expect, it } from 'vitest';
import type { SyncOracle } from '../../../src/core/oracle/oracle.js';
import type { Refusal } from '../../../src/core/oracle/refusal.js';
import { compareReducers } from '../../../src/core/reduce/compare-reducers.js';
import { stepThroughSync } from '../../../src/core/reduce/runner.js';
import { tok, treeOf } from './syntax/trees.js';

/** `f(a, b, c)` on a line of its own between two others, and its tree. */
const { text: call, tree: callTree } = treeOf([
  'call',
  tok('f', 'identifier'),
  [
    'arguments',
    tok('('),
    tok('a', 'identifier'),
    tok(','),
    ' ',
    tok('b', 'identifier'),
    tok(','),
    ' ',
    tok('c', 'identifier'),
    tok(')'),
  ],
]);

/** A call that still names `b` fails; anything that is not a call is refused (or INVALID). */
const isCall = (text: string) => /^f\(\w+(, ?\w+)*\)$/.test(text);
const judge: SyncOracle = (input) => {
  const text = input as string;
  return { outcome: text.includes('b') ? 'FAIL' : 'PASS' };
};
const refuse: Refusal = (input) => (isCall(input as string) ? undefined : 'not a call');

const TEXT = 'let x = 1;\nlet b = 2;\nlet y = 3;\n';

describe('compareReducers by splits', () => {
  it('makes one row per split, by the first reducer that cuts text, sizes in characters', () => {
    const told: number[] = [];
    const rows = stepThroughSync(
      compareReducers(TEXT, ['syntax', 'hdd', 'chunks', 'ddmin'], {
        shape: { kind: 'string', split: 'lines' },
        splits: ['lines', 'words', 'chars'],
        onRow: (so) => told.push(so.length),
      }),
      judge,
    );
    expect(told).toEqual([1, 2, 3]);
    expect(rows.map((row) => [row.split, row.reducer, row.reduced, row.size])).toEqual([
      ['lines', 'chunks', 'let b = 2;\n', 11],
      ['words', 'chunks', 'b ', 2],
      ['chars', 'chunks', 'b', 1],
    ]);
    for (const row of rows) {
      expect(row.verified).toBe(true);
      // Every size in characters, from the whole text down.
      expect(row.sizes[0]).toBe(TEXT.length);
      expect(row.sizes.at(-1)).toBe(row.size);
    }
    // By lines a reduction is coarser, and takes fewer calls.
    const [lines, , chars] = rows;
    expect(lines?.size).toBeGreaterThan(chars?.size as number);
    expect(lines?.calls).toBeLessThan(chars?.calls as number);
  });

  it('reduces the syntax row by its tree, its unparsed trials refused unrun', () => {
    const judged: string[] = [];
    const counting: SyncOracle = (input) => {
      judged.push(input as string);
      return judge(input);
    };
    const [chars, syntax] = stepThroughSync(
      compareReducers(call, ['bisect'], {
        shape: { kind: 'string', split: 'syntax' },
        splits: ['chars', 'syntax'],
        syntax: callTree,
        refuse,
        onRow: () => {},
      }),
      counting,
    );
    expect(chars).toMatchObject({ split: 'chars', reducer: 'bisect', reduced: 'b', size: 1 });
    expect(syntax).toMatchObject({ split: 'syntax', reducer: 'syntax', reduced: 'f(b)', size: 4 });
    expect(syntax?.verified).toBe(true);
    // Refused trials are executions that ran nothing, counted apart; the chars row has none.
    expect(syntax?.unparsed).toBeGreaterThan(0);
    expect(syntax?.executions).toBeGreaterThan(syntax?.unparsed as number);
    expect(chars?.unparsed).toBeUndefined();
    // The chars row ran trials that are no call; the syntax row ran only calls.
    const syntaxJudged = judged.slice(judged.lastIndexOf(call));
    expect(syntaxJudged.length).toBeGreaterThan(1);
    expect(syntaxJudged.every(isCall)).toBe(true);
    expect(judged.slice(0, judged.lastIndexOf(call)).some((text) => !isCall(text))).toBe(true);
  });

  it('keeps one row per reducer when no splits are asked, or the input is no text', () => {
    const rows = stepThroughSync(
      compareReducers([3, 1, 2], ['chunks', 'ddmin'], { splits: ['lines', 'syntax'] }),
      (input) => ({ outcome: (input as number[]).includes(1) ? 'FAIL' : 'PASS' }),
    );
    expect(rows.map((row) => [row.reducer, row.split, row.reduced])).toEqual([
      ['chunks', undefined, [1]],
      ['ddmin', undefined, [1]],
    ]);
  });
});
