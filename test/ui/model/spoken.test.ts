import { describe, expect, it } from 'vitest';
import type { HistoryRow } from '../../../src/core/reduce/types.js';
import { quoted, spokenInput, spokenOutput, spokenTrial } from '../../../src/ui/model/spoken.js';

const LINES = { kind: 'string', split: 'lines' } as const;
const CHARS = { kind: 'string', split: 'chars' } as const;

describe('text said as text', () => {
  it('quotes a short text as it reads, never as escaped JSON', () => {
    expect(spokenInput('"<b>', CHARS)).toBe('“"<b>”');
    expect(spokenInput('a\tb c', CHARS)).toBe('“a⇥b c”');
    expect(spokenInput('x'.repeat(50), CHARS)).toBe(`“${'x'.repeat(40)}…” (50 characters)`);
  });

  it('counts the lines of a text, and quotes a single line without its indentation', () => {
    expect(spokenInput('{\n  "a": 1,\n}\n', LINES)).toBe('3 lines');
    expect(spokenInput('    "a": 1,\n', LINES)).toBe('“"a": 1,”');
  });

  it('says which lines a trial left out, the first quoted', () => {
    const row = {
      before: '{\n  "a": 1,\n  "b": 2,\n}\n',
      trial: '{\n}\n',
      removed: [1, 3],
      outcome: 'PASS',
      accepted: false,
    } as unknown as HistoryRow;
    expect(spokenTrial(row, LINES)).toBe('2 lines (without lines 2–3: “"a": 1,” …)');
    const one = { ...row, trial: '{\n  "b": 2,\n}\n', removed: [1, 2] } as HistoryRow;
    expect(spokenTrial(one, LINES)).toBe('3 lines (without line 2: “"a": 1,”)');
  });

  it('names a large tree by its nodes, a small one as JSON', () => {
    expect(spokenInput({ a: [1] }, { kind: 'json' })).toBe('{"a":[1]}');
    const big = Object.fromEntries([...'abcdefghij'].map((k) => [k, [1, 2]]));
    expect(spokenInput(big, { kind: 'json' })).toMatch(/^\d+ nodes$/);
  });

  it('quotes string outputs, and writes others as the page does', () => {
    expect(spokenOutput('"foo"')).toBe('“"foo"”');
    expect(spokenOutput(-7)).toBe('-7');
    expect(quoted('a\nb')).toBe('“a↵b”');
  });
});
