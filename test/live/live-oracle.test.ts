import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ResolvedCode } from '../../src/core/code/refs.js';
import { withoutDurations } from '../../src/core/session/normalise.js';
import { LiveOracle } from '../../src/live/live-oracle.js';
import { createLiveOracle } from '../../src/live/run-live.js';
import { transpile } from '../../src/live/transpile.js';
import { nodePlatform } from '../../workers/process/platform.js';
import {
  ARTICLE_CODE,
  countingPlatform,
  lessonCode,
  SUM_REFERENCE,
} from '../workers/reducer/support.js';

/** A live oracle on real Node workers, disposed by the caller. */
function live(code: ResolvedCode, callMs = 1000) {
  const platform = countingPlatform();
  const oracle = createLiveOracle(platform, code, callMs);
  return { oracle, spawned: platform.spawned };
}

/** Runs `body` with a live oracle and always disposes it. */
async function withOracle(
  code: ResolvedCode,
  body: (oracle: LiveOracle, spawned: string[]) => Promise<void>,
  callMs = 1000,
): Promise<void> {
  const { oracle, spawned } = live(code, callMs);
  try {
    await body(oracle, spawned);
  } finally {
    oracle.dispose();
  }
}

describe('LiveOracle: the candidate and the reference run in separate realms', () => {
  it('a candidate cannot patch the builtins: patching at load fails the load at its line', async () => {
    const code: ResolvedCode = {
      language: 'js',
      candidate: `// a comment
Array.prototype.includes = function () { return true; };
export function candidate(a) {
  return a.length;
}`,
      reference: SUM_REFERENCE,
    };
    await withOracle(code, async (oracle) => {
      expect(await oracle.load()).toEqual([
        expect.objectContaining({
          role: 'candidate',
          name: 'TypeError',
          message: expect.stringContaining("read only property 'includes'"),
          line: 2,
        }),
      ]);
    });
  });

  it('a candidate that patches the builtins in a call crashes there; the reference is intact', async () => {
    const code: ResolvedCode = {
      language: 'js',
      candidate: `export function candidate(a) {
  Object.prototype.polluted = 'yes';
  Array.prototype.reduce = function () { return 1000; };
  return a.reduce((s, x) => s + x, 0);
}`,
      reference: `export function reference(a) {
  return [a.reduce((s, x) => s + x, 0), a.map((x) => x * 2), {}.polluted];
}`,
    };
    await withOracle(code, async (oracle) => {
      expect(await oracle.load()).toEqual([]);
      for (let round = 0; round < 2; round++) {
        expect(await oracle.judge([1, 2, 3])).toMatchObject({
          outcome: 'CRASH',
          expected: [6, [2, 4, 6], { $: 'undefined' }],
          error: { name: 'TypeError', role: 'candidate', line: 2 },
        });
      }
    });
  });

  it('a candidate that sets a global does not reach the reference', async () => {
    const code: ResolvedCode = {
      language: 'js',
      candidate: `globalThis.offset = 100;
export function candidate(a) {
  globalThis.offset += 1;
  return a.length + globalThis.offset;
}`,
      reference: 'export function reference(a) {\n  return a.length + (globalThis.offset ?? 0);\n}',
    };
    await withOracle(code, async (oracle) => {
      expect(await oracle.judge([5, 5])).toMatchObject({ expected: 2, actual: 103 });
      expect(await oracle.judge([5, 5, 5])).toMatchObject({ expected: 3, actual: 105 });
    });
  });

  it("a candidate that mutates its input changes neither the reference's copy nor the caller's trial", async () => {
    const code: ResolvedCode = {
      language: 'js',
      candidate: `export function candidate(a) {
  a.sort((x, y) => x - y);
  a[0] = 999;
  a.push(7);
  return a.length;
}`,
      reference: 'export function reference(a) {\n  return a.slice();\n}',
    };
    await withOracle(code, async (oracle) => {
      const trial = [3, 1, 2];
      const batch = [
        [9, 8],
        [4, 6, 5],
      ];
      const [single, ...batched] = await Promise.all([
        oracle.judge(trial),
        oracle.judgeBatch(batch),
      ]);
      expect(single).toMatchObject({ outcome: 'FAIL', expected: [3, 1, 2], actual: 4 });
      expect(batched[0]?.map((verdict) => verdict.expected)).toEqual([
        [9, 8],
        [4, 6, 5],
      ]);
      expect(trial).toEqual([3, 1, 2]);
      expect(batch).toEqual([
        [9, 8],
        [4, 6, 5],
      ]);
    });
  });
});

describe('LiveOracle: judging', () => {
  it('judges the empty array INVALID without starting any worker', async () => {
    const { oracle, spawned } = live(ARTICLE_CODE);
    try {
      expect(await oracle.judge([])).toEqual({
        outcome: 'INVALID',
        error: { name: 'Invalid', message: 'the empty array is not a valid input' },
      });
      expect((await oracle.judgeBatch([[], []])).map((verdict) => verdict.outcome)).toEqual([
        'INVALID',
        'INVALID',
      ]);
      expect(oracle.workers).toEqual({ spawned: 0, alive: 0 });
      expect(spawned).toEqual([]);
    } finally {
      oracle.dispose();
    }
  });

  it('gives a batch the same verdicts as one call at a time, hangs and throws included', async () => {
    const code: ResolvedCode = {
      language: 'ts',
      candidate: `export function candidate(a: number[]): number {
  if (a[0] === 1) while (true) {}
  if (a[0] === 2) throw new RangeError('two');
  return a.length > 2 ? a.length : a.reduce((s, x) => s + x, 0);
}`,
      reference: `export function reference(a: number[]): number {
  if (a[0] === 3) throw new Error('the reference refuses 3');
  return a.reduce((s, x) => s + x, 0);
}`,
    };
    const inputs = [[0, 4], [], [1, 5], [2], [3, 3], [5, 5, 5], [-2, 2]];
    // Two oracles, so that the per-call run does not benefit from the batch's warm workers.
    const batched = live(code, 300);
    const single = live(code, 300);
    try {
      const fromBatch = await batched.oracle.judgeBatch(inputs);
      const oneByOne = [];
      for (const input of inputs) oneByOne.push(await single.oracle.judge(input));
      expect(fromBatch.map((verdict) => verdict.outcome)).toEqual([
        'PASS',
        'INVALID',
        'TIMEOUT',
        'CRASH',
        'INVALID',
        'FAIL',
        'PASS',
      ]);
      expect(withoutDurations(fromBatch)).toEqual(withoutDurations(oneByOne));
    } finally {
      batched.oracle.dispose();
      single.oracle.dispose();
    }
  });

  it('judges with an outcome predicate in a single worker', async () => {
    const code: ResolvedCode = {
      language: 'js',
      outcome: `${lessonCode('trap/outcome.js')}
export function valid(a) {
  if (a[0] === 13) throw new Error('unlucky');
  return a[0] !== 0;
}`,
    };
    await withOracle(code, async (oracle, spawned) => {
      expect(await oracle.load()).toEqual([]);
      const inputs = [[1, 2, 3, 4], [3, 4], [1], [2], [1, 2], [], [0, 1], [13]];
      const outcomes = ['FAIL', 'FAIL', 'FAIL', 'PASS', 'PASS', 'INVALID', 'INVALID', 'CRASH'];
      expect((await oracle.judgeBatch(inputs)).map((verdict) => verdict.outcome)).toEqual(outcomes);
      const one: string[] = [];
      for (const input of inputs) one.push((await oracle.judge(input)).outcome);
      expect(one).toEqual(outcomes);
      expect(await oracle.judge([13])).toMatchObject({
        outcome: 'CRASH',
        error: { name: 'Error', message: 'unlucky', role: 'outcome' },
      });
      expect(spawned).toEqual(['outcome']);
    });
  });

  it('reports a predicate that returns something else as a crash of the predicate', async () => {
    const code: ResolvedCode = {
      language: 'js',
      outcome: 'export function outcome(a) {\n  return a.length > 1;\n}',
    };
    await withOracle(code, async (oracle) => {
      expect(await oracle.judge([1, 2])).toMatchObject({
        outcome: 'CRASH',
        error: {
          name: 'TypeError',
          message: "outcome() must return 'PASS', 'FAIL' or 'INVALID', got true",
          role: 'outcome',
        },
      });
    });
  });

  it('returns compile errors from load() with their role, line and column', async () => {
    const code: ResolvedCode = {
      language: 'ts',
      candidate: `export function candidate(a: number[]): number {
  let total: number = 0;
  for (const x of a) total += x;
  return total +;
}`,
      reference: `const table: Record<string, number> = {};
throw new TypeError('the reference will not load');
export function reference(a: number[]): number {
  return a.length;
}`,
    };
    await withOracle(code, async (oracle) => {
      const errors = await oracle.load();
      expect(errors).toEqual([
        {
          role: 'candidate',
          name: 'SyntaxError',
          message: expect.any(String),
          line: 4,
          column: 17,
        },
        {
          role: 'reference',
          name: 'TypeError',
          message: 'the reference will not load',
          line: 2,
          column: 7,
        },
      ]);
      // The answer is kept: loading again starts nothing new.
      expect(await oracle.load()).toEqual(errors);
      expect(oracle.workers.alive).toBe(0);
    });
  });
});

describe('LiveOracle: property', () => {
  it('judgeBatch and judge agree on random inputs for the article functions', async () => {
    const { oracle } = live(ARTICLE_CODE);
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.array(fc.integer({ min: -9, max: 9 }), { maxLength: 8 }), {
            maxLength: 12,
          }),
          async (inputs) => {
            const batch = await oracle.judgeBatch(inputs);
            const one = [];
            for (const input of inputs) one.push(await oracle.judge(input));
            expect(withoutDurations(batch)).toEqual(withoutDurations(one));
            for (const [i, verdict] of batch.entries()) {
              const input = inputs[i] ?? [];
              if (input.length === 0) expect(verdict.outcome).toBe('INVALID');
              else if (input.some((x) => x > 0)) expect(verdict.outcome).toBe('PASS');
              else expect(verdict.outcome).toBe(Math.max(...input) === 0 ? 'PASS' : 'FAIL');
            }
          },
        ),
        { numRuns: 60, seed: 1103 },
      );
      expect(oracle.workers).toEqual({ spawned: 2, alive: 2 });
    } finally {
      oracle.dispose();
    }
  });
});

describe('LiveOracle: construction', () => {
  it('needs a reference next to a candidate', () => {
    expect(
      () =>
        new LiveOracle(
          { language: 'js', candidate: SUM_REFERENCE },
          { ...nodePlatform('t'), callMs: 100 },
        ),
    ).toThrow('the reference code is missing');
  });
});

describe('LiveOracle: another candidate against the same reference', () => {
  // A reference that counts its own calls: a second run of an input answers differently, so a
  // verdict shows whether the reference ran again or its earlier answer was reused.
  const COUNTING_REFERENCE =
    'let calls = 0;\nexport function reference(a) {\n  calls++;\n  return 1000 * calls + a.length;\n}';
  const LENGTH = 'export function candidate(a) {\n  return a.length;\n}';
  const inputs = [[1], [1, 2], [3, 4, 5], []];

  it('starts a worker for the new candidate only and reuses the reference’s batch answers', async () => {
    const platform = countingPlatform();
    const buggy = createLiveOracle(
      platform,
      { language: 'js', candidate: LENGTH, reference: COUNTING_REFERENCE },
      1000,
    );
    const fixed = buggy.withCandidate(LENGTH.replace('a.length', 'a.length + 1'));
    try {
      expect((await Promise.all([buggy.load(), fixed.load()])).flat()).toEqual([]);
      expect(platform.spawned.sort()).toEqual(['candidate', 'candidate', 'reference']);
      const first = await buggy.judgeBatch(inputs);
      expect(first.map((v) => v.expected)).toEqual([1001, 2002, 3003, undefined]);
      const second = await fixed.judgeBatch(inputs);
      // The same expected values: the reference did not run again.
      expect(second.map((v) => v.expected)).toEqual([1001, 2002, 3003, undefined]);
      expect(second.map((v) => v.actual)).toEqual([2, 3, 4, undefined]);
      expect(second.map((v) => v.outcome)).toEqual(['FAIL', 'FAIL', 'FAIL', 'INVALID']);
      // An input the first pass never judged runs on the shared reference (its fourth call).
      expect((await fixed.judgeBatch([[9, 9]])).map((v) => v.expected)).toEqual([4002]);
      expect(fixed.workers).toEqual({ spawned: 1, alive: 1 });
      // Disposing the new oracle leaves the reference to its owner.
      fixed.dispose();
      expect((await buggy.judge([7])).expected).toBe(5001);
      expect(buggy.workers).toEqual({ spawned: 2, alive: 2 });
    } finally {
      fixed.dispose();
      buggy.dispose();
    }
  });

  it('switches to the new candidate in the candidate’s worker, reusing the reference’s answers', async () => {
    const platform = countingPlatform();
    const oracle = createLiveOracle(
      platform,
      { language: 'js', candidate: LENGTH, reference: COUNTING_REFERENCE },
      1000,
    );
    oracle.keepReferenceResults();
    try {
      expect(await oracle.load()).toEqual([]);
      const first = await oracle.judgeBatch(inputs);
      expect(first.map((v) => [v.actual, v.expected])).toEqual([
        [1, 1001],
        [2, 2002],
        [3, 3003],
        [undefined, undefined],
      ]);
      expect(await oracle.switchCandidate(LENGTH.replace('a.length', 'a.length + 100'))).toEqual(
        [],
      );
      const second = await oracle.judgeBatch(inputs);
      // The reference did not run again, and no worker was started for the new candidate.
      expect(second.map((v) => [v.actual, v.expected])).toEqual([
        [101, 1001],
        [102, 2002],
        [103, 3003],
        [undefined, undefined],
      ]);
      expect(second.map((v) => v.outcome)).toEqual(['FAIL', 'FAIL', 'FAIL', 'INVALID']);
      expect(platform.spawned.sort()).toEqual(['candidate', 'reference']);
      expect(oracle.workers).toEqual({ spawned: 2, alive: 2 });
      // A candidate that does not load is answered with its error, placed in its source.
      expect(
        await oracle.switchCandidate('export function candidate(a) {\n  return a +;\n}'),
      ).toEqual([expect.objectContaining({ role: 'candidate', name: 'SyntaxError', line: 2 })]);
    } finally {
      oracle.dispose();
    }
  });

  it('is refused for a predicate, which has no reference', () => {
    const oracle = createLiveOracle(
      nodePlatform('t'),
      { language: 'js', outcome: "export function outcome(a) {\n  return 'PASS';\n}" },
      1000,
    );
    expect(() => oracle.withCandidate(LENGTH)).toThrow('only a candidate/reference pair');
  });
});

describe('LiveOracle: the slower role is asked first', () => {
  /** Sandbox processes, as the command has them; notes which role is sent a call, in order. */
  function recordingOracle(code: ResolvedCode) {
    const asked: string[] = [];
    const platform = nodePlatform('deltalab test');
    const oracle = new LiveOracle(code, {
      callMs: 10_000,
      transpile,
      spawn: (role, runtime) => {
        const port = platform.spawn(role, runtime);
        const { endpoint } = port;
        return {
          ...port,
          endpoint: {
            ...endpoint,
            postMessage: (message: { path?: string[] }, transfer?: Transferable[]) => {
              const method = message.path?.[0];
              if (method === 'call' || method === 'callBatch') asked.push(`${role} ${method}`);
              endpoint.postMessage(message, transfer);
            },
          },
        };
      },
    });
    return { oracle, asked, close: () => oracle.dispose() };
  }

  const SLOW = 'let s = 0; for (let i = 0; i < 2e7; i++) s += i % 7; return s > 0 ? a.length : -1;';
  const FAST = 'return a.length;';
  const pair = (candidate: string, reference: string): ResolvedCode => ({
    language: 'js',
    candidate: `export function candidate(a) { ${candidate} }`,
    reference: `export function reference(a) { ${reference} }`,
  });

  it('asks the reference first while neither has been timed, then whichever took longer', async () => {
    const slowCandidate = recordingOracle(pair(SLOW, FAST));
    try {
      expect(await slowCandidate.oracle.load()).toEqual([]);
      await slowCandidate.oracle.judgeBatch([[1, 2], [3]]);
      await slowCandidate.oracle.judgeBatch([[1, 2], [3]]);
      await slowCandidate.oracle.judge([4]);
      expect(slowCandidate.asked).toEqual([
        'reference callBatch',
        'candidate callBatch',
        'candidate callBatch',
        'reference callBatch',
        'candidate call',
        'reference call',
      ]);
    } finally {
      slowCandidate.close();
    }
    const slowReference = recordingOracle(pair(FAST, SLOW));
    try {
      expect(await slowReference.oracle.load()).toEqual([]);
      await slowReference.oracle.judgeBatch([[1, 2], [3]]);
      await slowReference.oracle.judgeBatch([[1, 2], [3]]);
      expect(slowReference.asked).toEqual([
        'reference callBatch',
        'candidate callBatch',
        'reference callBatch',
        'candidate callBatch',
      ]);
    } finally {
      slowReference.close();
    }
  });
});
