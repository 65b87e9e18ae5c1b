import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../src/core/session/scenario.js';
import { deltalab } from './support.js';

/**
 * The flaky lesson's claims, run through the real sandbox: with each failure run again twice the
 * chance failure of trial 2 is caught and the reduction ends at [1,5]; without re-runs a chance
 * failure is accepted on trial 10 and the result no longer fails. Its text cites both.
 */
const MODULE = 'examples/code/flaky/outcome.js';
const INPUT = '[1,2,3,4,5,6,7,8]';

interface Reply {
  reduced: number[];
  calls: number;
  verified: boolean;
  history: { trial: number[]; outcome: string; accepted: boolean; flaky?: string[] }[];
}

async function reduce(repeats: number): Promise<Reply> {
  const args = ['reduce', '--module', MODULE, '--input', INPUT, '--reducer', 'chunks'];
  const run = await deltalab(...args, '--repeats', String(repeats));
  return JSON.parse(run.stdout) as Reply;
}

describe('the flaky lesson', () => {
  it('catches the chance failure with two re-runs, and is misled without them', async () => {
    const [twice, never] = [await reduce(2), await reduce(0)];
    expect(twice.history[1]).toMatchObject({
      trial: [1, 2, 3, 4],
      outcome: 'FAIL',
      accepted: false,
    });
    expect([twice.reduced, twice.calls, twice.verified]).toEqual([[1, 5], 17, true]);
    expect(never.history[9]).toMatchObject({ trial: [2, 5, 6], outcome: 'FAIL', accepted: true });
    expect([never.reduced, never.verified]).toEqual([[2, 5, 6], false]);
    const { lesson } = JSON.parse(readFileSync('examples/flaky/input.json', 'utf8')) as Scenario;
    for (const text of [lesson.en, lesson.zh]) {
      for (const cited of ['[1,2,3,4]', '[1,5]', '17', '[2,5,6]', 'FAIL → PASS → PASS']) {
        expect(text).toContain(cited);
      }
    }
    expect(lesson.en).toContain('trial 10');
    expect(lesson.zh).toContain('试 10');
  }, 60_000);
});
