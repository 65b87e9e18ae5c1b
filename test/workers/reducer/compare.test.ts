import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CompareRow } from '../../../src/core/reduce/compare-reducers.js';
import type { CompareRequest } from '../../../src/protocol/reducer.js';
import { nodePlatform } from '../../../workers/process/platform.js';
import { runCompare } from '../../../workers/reducer/compare.js';

const code = (name: string) => readFileSync(`examples/code/max-subarray/${name}`, 'utf8');

const REQUEST: CompareRequest = {
  code: { language: 'js', candidate: code('candidate.js'), reference: code('reference.js') },
  input: [-3, -3, -8, -4, -4, -8, -1, -9, -5, -4, -6, -7],
  shape: { kind: 'int-array' },
  chase: { kind: 'wrong-answer' },
  cache: true,
  callMs: 1000,
  reducers: ['chunks', 'ddmin'],
};

describe('compare reducers, live in sandboxes', () => {
  it('reduces the article’s failure with each reducer, telling each row as it comes', async () => {
    const told: number[] = [];
    const reply = await runCompare(
      nodePlatform('t'),
      REQUEST,
      (rows: readonly CompareRow[]) => told.push(rows.length),
      () => false,
    );
    expect(told).toEqual([1, 2]);
    expect(reply.ok && reply.rows.map((r) => [r.reducer, r.calls, r.reduced, r.verified])).toEqual([
      ['chunks', 5, [-7], true],
      ['ddmin', 4, [-3], true],
    ]);
  });

  it('answers with the code’s error, and stops when cancelled', async () => {
    const broken = {
      ...REQUEST,
      code: { ...REQUEST.code, candidate: 'export function candidate(a) {' },
    };
    const failed = await runCompare(
      nodePlatform('t'),
      broken,
      () => {},
      () => false,
    );
    expect(failed).toMatchObject({ ok: false, errors: [{ role: 'candidate' }] });
    const cancelled = await runCompare(
      nodePlatform('t'),
      REQUEST,
      () => {},
      () => true,
    );
    expect(cancelled).toEqual({ ok: false, cancelled: true });
  });
});
