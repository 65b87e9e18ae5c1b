import { describe, expect, it } from 'vitest';
import type { Frame } from '../../../src/core/run/timeline.js';
import { localMessage } from '../../../src/ui/model/local-message.js';
import { everyCallText, narrate } from '../../../src/ui/model/narrate.js';
import { positionText } from '../../../src/ui/model/status-text.js';

const COUNTERS = { calls: 1, executions: 1, cacheHits: 0 };

describe('narration', () => {
  it('says that a given input that passes does not fail', () => {
    const given = (outcome: 'PASS' | 'FAIL'): Frame => ({
      type: 'found',
      attempt: null,
      input: [1, 2],
      verdict: { outcome, expected: -1, actual: -1 },
    });
    expect(narrate(given('PASS'))).toBe(
      'The given input [1,2] does not fail: its outcome is PASS. Expected -1, actual -1.',
    );
    expect(narrate(given('FAIL'))).toMatch(/^The given input \[1,2\] fails \(FAIL\)\./);
  });

  it('says what every call threw, and for integer arrays which kind to choose', () => {
    const last = {
      outcome: 'INVALID' as const,
      error: {
        name: 'TypeError',
        message: 's.toLowerCase is not a function',
        role: 'reference' as const,
      },
    };
    const text = everyCallText({ INVALID: 300 }, last, { kind: 'int-array' });
    expect(text).toBe(
      'Every call came out INVALID (300 ×); each time the Reference code threw TypeError: s.toLowerCase is not a function. The inputs are arrays of integers; if your function takes text or other data, choose its input kind beside the generator.',
    );
    expect(everyCallText({ INVALID: 300 }, last, { kind: 'string', split: 'chars' })).not.toMatch(
      /input kind/,
    );
    expect(everyCallText({ INVALID: 200, PASS: 100 }, last, { kind: 'int-array' })).toBe('');
  });

  it('explains why the number of blocks changed', () => {
    const at = (k: number, granularity: number, accepted: boolean): Frame => ({
      type: 'trial',
      trial: k,
      row: {
        before: [1, 2, 3, 4],
        removed: [0, 4 / granularity],
        trial: [3, 4],
        outcome: accepted ? 'FAIL' : 'PASS',
        accepted,
        granularity,
      },
      verdict: { outcome: accepted ? 'FAIL' : 'PASS' },
      cached: false,
      counters: COUNTERS,
    });
    expect(narrate(at(3, 4, false), undefined, at(2, 2, false))).toMatch(
      /^No block could go at 2 blocks: split finer, into 4\. Trial 3: split into 4 blocks/,
    );
    expect(narrate(at(4, 2, false), undefined, at(3, 4, true))).toMatch(
      /^After that deletion, go on with 2 blocks\. Trial 4:/,
    );
    expect(narrate(at(2, 2, false), undefined, at(1, 2, false))).toMatch(/^Trial 2:/);
  });

  it('asks, for a veiled trial, whether it still fails, and says nothing of its verdict', () => {
    const trial: Frame = {
      type: 'trial',
      trial: 2,
      row: {
        before: [3, -7, 4],
        removed: [0, 1],
        trial: [-7, 4],
        outcome: 'FAIL',
        accepted: true,
        granularity: 3,
      },
      verdict: { outcome: 'FAIL', expected: -7, actual: 0 },
      cached: false,
      counters: COUNTERS,
    };
    const veiled = narrate(trial, undefined, undefined, true);
    expect(veiled).toBe(
      'Trial 2: split into 3 blocks and remove block A → [-7,4]. Will it still fail? The verdict comes on the next step.',
    );
    expect(veiled).not.toMatch(/FAIL|accepted|-7, actual/);
    expect(narrate(trial)).toMatch(/Still FAIL: accepted/);
  });

  it('counts trials as the narration does: "Trial k of N"', () => {
    const trial = (k: number): Frame => ({
      type: 'trial',
      trial: k,
      row: { before: [1, 2], removed: [0, 1], trial: [2], outcome: 'PASS', accepted: false },
      verdict: { outcome: 'PASS' },
      cached: false,
      counters: COUNTERS,
    });
    const frames: Frame[] = [
      { type: 'confirmed', input: [1, 2], verdict: { outcome: 'FAIL' }, counters: COUNTERS },
      trial(1),
      trial(2),
    ];
    expect(positionText(frames, 1)).toBe('Trial 1 of 2');
    expect(positionText(frames, 0)).toBe('step 1 of 3');
  });

  it('says the sandbox’s own messages in Chinese on a Chinese page', () => {
    expect(localMessage('ran longer than 200 ms', 'zh')).toBe('运行超过 200 毫秒');
    expect(localMessage('the empty array is not a valid input', 'zh')).toBe('空数组不是合法输入');
    expect(localMessage('the empty array is not a valid input', 'en')).toBe(
      'the empty array is not a valid input',
    );
    expect(localMessage('x is not defined', 'zh')).toBe('x is not defined');
  });
});

describe('the end of a reduction', () => {
  const end = (calls: number): Frame => ({
    type: 'end',
    end: {
      status: 'reduced',
      reducer: 'chunks',
      reduced: [-7],
      calls,
      executions: calls,
      cacheHits: 0,
      verifyExecutions: 2,
      verified: true,
    },
    verification: null,
    counters: { calls, executions: calls, cacheHits: 0 },
    final: { outcome: 'FAIL', expected: -7, actual: 0 },
  });

  it('says the result’s outputs again', () => {
    expect(narrate(end(5))).toBe(
      'Done: [-7] after 5 calls. It still fails and is 1-minimal. Expected -7, actual 0.',
    );
  });

  it('says one call in the singular', () => {
    expect(narrate(end(1))).toMatch(/^Done: \[-7\] after 1 call\. /);
  });
});
