import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RegressProgress } from '../../../src/protocol/reducer.js';
import { nodePlatform } from '../../../workers/process/platform.js';
import { runRegress } from '../../../workers/reducer/regress.js';

const code = (name: string) => readFileSync(`examples/code/max-subarray/${name}`, 'utf8');

const REQUEST = {
  code: {
    language: 'js' as const,
    candidate: code('candidate.js'),
    reference: code('reference.js'),
  },
  corrected: code('corrected.js'),
  original: [-3, -3, -8, -4, -4, -8, -1, -9, -5, -4, -6, -7],
  reduced: [-7],
  reducer: 'chunks' as const,
  chase: { kind: 'wrong-answer' as const },
  callMs: 1000,
  values: [-2, -1, 0, 1, 2],
  maxLength: 6,
};

describe('fix and regress, live in sandboxes', () => {
  it('gives the article’s numbers: 19530 inputs, 126 failures verified, the fix agrees, three mutants caught', async () => {
    const seen: RegressProgress[] = [];
    const reply = await runRegress(
      nodePlatform('t'),
      REQUEST,
      (p) => seen.push(p),
      () => false,
    );
    expect(reply).toMatchObject({
      ok: true,
      fixed: { original: 'PASS', reduced: 'PASS' },
      inputs: 19530,
      failures: 126,
      verified: 126,
      problems: 0,
      correctedFailures: 0,
    });
    if (!reply.ok || !('histogram' in reply)) throw new Error('no report');
    expect(reply.histogram.reduce((sum, [, count]) => sum + count, 0)).toBe(126);
    expect(reply.histogram.reduce((sum, [calls, count]) => sum + calls * count, 0)).toBe(
      reply.calls,
    );
    expect(reply.mutants).toEqual([
      { name: 'return-empty', returned: [], outcome: 'INVALID', shrinkable: false, caught: true },
      {
        name: 'return-original',
        returned: REQUEST.original,
        outcome: 'FAIL',
        shrinkable: true,
        caught: true,
      },
      {
        name: 'accept-passing',
        returned: [1, 2],
        outcome: 'PASS',
        shrinkable: false,
        caught: true,
      },
    ]);
    // Calls against length, measured in the worker on the article's reducer: n = 2..256, the
    // worst case about n²/2, a single cause 2·log₂ n + 1, well under a second.
    expect(reply.growth.map((p) => p.length)).toEqual([2, 4, 8, 16, 32, 64, 128, 256]);
    expect(reply.growth.at(-1)).toEqual({
      length: 256,
      worst: 32895,
      allNeeded: 511,
      singleCause: 17,
    });
    expect(reply.growthMs).toBeGreaterThanOrEqual(0);
    expect(reply.growthMs).toBeLessThan(1000);
    // Progress was told along the way, ending with every input judged and every failure reduced.
    expect(seen.at(-1)).toMatchObject({ judged: 19530, total: 19530, failures: 126 });
    expect(seen.some((p) => p.judged < 19530)).toBe(true);
  }, 60_000);

  it('stops when cancelled, and says so', async () => {
    let calls = 0;
    const reply = await runRegress(
      nodePlatform('t'),
      REQUEST,
      () => calls++,
      () => calls > 2,
    );
    expect(reply).toEqual({ ok: false, cancelled: true });
  }, 60_000);

  it('a corrected candidate that does not load is a load error, and nothing is checked', async () => {
    const reply = await runRegress(
      nodePlatform('t'),
      { ...REQUEST, corrected: 'export function candidate(a) { return a[; }' },
      () => {},
      () => false,
    );
    expect(reply).toMatchObject({
      ok: false,
      errors: [{ role: 'candidate', name: 'SyntaxError' }],
    });
  }, 60_000);
});
