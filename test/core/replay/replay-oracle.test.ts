import { describe, expect, it } from 'vitest';
import { Cancelled } from '../../../src/core/reduce/runner.js';
import { ReplayError, ReplayOracle } from '../../../src/core/replay/replay-oracle.js';
import type { ReplayEntry } from '../../../src/core/replay/script.js';

const SCRIPT: ReplayEntry[] = [
  { kind: 'verdict', input: [3, 1], verdict: { outcome: 'PASS' }, line: 2 },
  { kind: 'verdict', input: [1, 2], verdict: { outcome: 'FAIL', expected: 2, actual: 3 }, line: 4 },
  { kind: 'throw', input: [2], code: 'TypeError', message: 'boom', role: 'candidate', line: 5 },
  { kind: 'hang', input: [], message: 'ran longer than 9 ms', line: 5 },
];

/** The ReplayError a promise rejects with (the test fails when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<ReplayError> {
  const error = await promise.then(
    () => {
      throw new Error('resolved, but a ReplayError was expected');
    },
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(ReplayError);
  return error as ReplayError;
}

/** The ReplayError a function throws. */
function thrown(run: () => unknown): ReplayError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ReplayError);
    return error as ReplayError;
  }
  throw new Error('returned, but a ReplayError was expected');
}

describe('ReplayOracle', () => {
  it('serves the recorded verdicts by position, counting what it served', async () => {
    const oracle = new ReplayOracle(SCRIPT, { callMs: 9 });
    expect([oracle.served, oracle.recorded]).toEqual([0, 4]);
    expect(await oracle.judge([3, 1])).toStrictEqual({ outcome: 'PASS' });
    expect(await oracle.judge([1, 2])).toStrictEqual({ outcome: 'FAIL', expected: 2, actual: 3 });
    expect(await oracle.judge([2])).toStrictEqual({
      outcome: 'CRASH',
      error: { name: 'TypeError', message: 'boom', role: 'candidate' },
    });
    expect(await oracle.judge([])).toStrictEqual({
      outcome: 'TIMEOUT',
      error: { name: 'Timeout', message: 'ran longer than 9 ms' },
    });
    expect(oracle.served).toBe(4);
    expect(() => oracle.finish()).not.toThrow();
  });

  it('serves a batch one call after another', async () => {
    const oracle = new ReplayOracle(SCRIPT);
    const verdicts = await oracle.judgeBatch([[3, 1], [1, 2], [2]]);
    expect(verdicts.map((verdict) => verdict.outcome)).toEqual(['PASS', 'FAIL', 'CRASH']);
    expect(oracle.served).toBe(3);
    const error = await rejection(oracle.judgeBatch([[9], [8]]));
    expect([error.kind, error.call]).toEqual(['divergence', 4]);
  });

  it('fails on divergence, naming the call, the session line and both trials', async () => {
    const oracle = new ReplayOracle(SCRIPT);
    await oracle.judge([3, 1]);
    const error = await rejection(oracle.judge([1, 3]));
    expect(error.message).toBe(
      'replay diverged at call 2 (session line 4): the recording has trial [1,2] but [1,3] was requested',
    );
    expect(error).toMatchObject({
      name: 'ReplayError',
      kind: 'divergence',
      call: 2,
      line: 4,
      expected: [1, 2],
      requested: [1, 3],
    });
    // Nothing was served: the right trial still gets its verdict.
    expect(oracle.served).toBe(1);
    expect(await oracle.judge([1, 2])).toMatchObject({ outcome: 'FAIL' });
  });

  it('compares trials exactly: order, length and -0 all count', async () => {
    for (const requested of [[2, 1], [1, 2, 0], [1], [1, 2.5]]) {
      const oracle = new ReplayOracle(SCRIPT.slice(1));
      expect((await rejection(oracle.judge(requested))).kind).toBe('divergence');
    }
    const zero = new ReplayOracle([{ kind: 'verdict', input: [0], verdict: { outcome: 'PASS' } }]);
    expect((await rejection(zero.judge([-0]))).requested).toEqual([-0]);
  });

  it('abbreviates long trials in the message but keeps them whole in the error', async () => {
    const long = Array.from({ length: 40 }, (_, i) => i * 100);
    const oracle = new ReplayOracle([
      { kind: 'verdict', input: long, verdict: { outcome: 'PASS' } },
    ]);
    const requested = [...long.slice(0, -1), 1];
    const error = await rejection(oracle.judge(requested));
    expect(error.message).toContain('(40 elements) but');
    expect(error.message).toMatch(/^replay diverged at call 1: the recording has trial \[0,100,/);
    expect(error.message.length).toBeLessThan(300);
    expect(error.expected).toEqual(long);
    expect(error.requested).toEqual(requested);
    expect(error.line).toBeUndefined();
  });

  it('fails on exhaustion: "recording has N calls; call N+1 requested"', async () => {
    const oracle = new ReplayOracle(SCRIPT.slice(0, 2));
    await oracle.judgeBatch([
      [3, 1],
      [1, 2],
    ]);
    const error = await rejection(oracle.judge([5]));
    expect(error.message).toBe('recording has 2 calls; call 3 requested');
    expect([error.kind, error.call]).toEqual(['exhaustion', 3]);
    const empty = await rejection(new ReplayOracle([]).judge([1]));
    expect(empty.message).toBe('recording has 0 calls; call 1 requested');
  });

  it('fails at the end when recorded calls were not requested', async () => {
    const oracle = new ReplayOracle(SCRIPT);
    await oracle.judge([3, 1]);
    const many = thrown(() => oracle.finish());
    expect(many.message).toBe(
      'the replay ended with 3 recorded calls not requested (next: call 2 (session line 4))',
    );
    expect(many).toMatchObject({ kind: 'unconsumed', call: 2, line: 4 });
    const one = new ReplayOracle([{ kind: 'hang', input: [1] }]);
    expect(thrown(() => one.finish()).message).toBe(
      'the replay ended with 1 recorded call not requested (next: call 1)',
    );
  });

  it('fails at once when the fixture is missing', () => {
    for (const script of [null, undefined]) {
      const error = thrown(() => new ReplayOracle(script));
      expect(error.kind).toBe('missing');
      expect(error.message).toBe('no recording to replay: the fixture is missing');
    }
  });

  it('serves one call at a time: a second call while one is in flight fails', async () => {
    const oracle = new ReplayOracle(SCRIPT);
    const first = oracle.judge([3, 1]);
    const error = await rejection(oracle.judge([1, 2]));
    expect(error.kind).toBe('concurrent');
    expect(error.message).toBe('a replay serves one call at a time; a second call arrived');
    expect(await first).toStrictEqual({ outcome: 'PASS' });
    // The refused call took nothing: the next call is served as usual.
    expect(oracle.served).toBe(1);
    expect(await oracle.judge([1, 2])).toMatchObject({ outcome: 'FAIL' });
    const batch = oracle.judgeBatch([[2], []]);
    expect((await rejection(oracle.judge([2]))).kind).toBe('concurrent');
    expect((await batch).map((verdict) => verdict.outcome)).toEqual(['CRASH', 'TIMEOUT']);
  });

  it('is free again after a failed call', async () => {
    const oracle = new ReplayOracle(SCRIPT);
    await rejection(oracle.judge([0]));
    expect(await oracle.judge([3, 1])).toStrictEqual({ outcome: 'PASS' });
  });

  it('cancels at a hang that never came back, and counts it served', async () => {
    const oracle = new ReplayOracle([{ kind: 'hang', input: [7], cancel: true }]);
    await expect(oracle.judge([7])).rejects.toBeInstanceOf(Cancelled);
    expect(oracle.served).toBe(1);
    expect(() => oracle.finish()).not.toThrow();
  });

  it('cancels past the last call of a recording that ended cancelled, instead of failing', async () => {
    const oracle = new ReplayOracle(SCRIPT.slice(0, 1), { cancelledAtEnd: true });
    expect((await rejection(oracle.judge([1, 2]))).kind).toBe('divergence');
    expect(await oracle.judge([3, 1])).toStrictEqual({ outcome: 'PASS' });
    await expect(oracle.judge([1, 2])).rejects.toBeInstanceOf(Cancelled);
    await expect(oracle.judgeBatch([[1], [2]])).rejects.toBeInstanceOf(Cancelled);
    expect(oracle.served).toBe(1);
  });

  it('serves copies: a caller changing a verdict does not change the recording', async () => {
    const script: ReplayEntry[] = [
      { kind: 'verdict', input: [1], verdict: { outcome: 'FAIL', expected: [1] } },
    ];
    const verdict = await new ReplayOracle(script).judge([1]);
    (verdict.expected as number[]).push(2);
    expect(script[0]).toMatchObject({ verdict: { expected: [1] } });
  });
});
