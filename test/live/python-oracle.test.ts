import { describe, expect, it } from 'vitest';
import { createLiveOracle } from '../../src/live/run-live.js';
import { nodePlatform } from '../../workers/process/platform.js';

/** Python code through the live oracle: one Pyodide sandbox process per role, as the CLI runs it. */
describe('LiveOracle with Python code', () => {
  it('a while True: is a TIMEOUT within the budget; the sandbox is replaced and the next call answers', async () => {
    const oracle = createLiveOracle(
      nodePlatform('t'),
      {
        language: 'py',
        outcome:
          'def outcome(a):\n    while a[0] == 0:\n        pass\n    return "FAIL" if a[0] > 5 else "PASS"\n',
      },
      500,
    );
    try {
      expect(await oracle.load()).toEqual([]);
      expect(await oracle.judge([7])).toMatchObject({ outcome: 'FAIL' });
      const started = performance.now();
      const hung = await oracle.judge([0]);
      expect(hung).toMatchObject({
        outcome: 'TIMEOUT',
        error: { name: 'Timeout', message: 'ran longer than 500 ms', role: 'outcome' },
      });
      expect(performance.now() - started).toBeLessThan(5000);
      // A fresh sandbox (Python started again) answers the next call.
      expect(await oracle.judge([1])).toMatchObject({ outcome: 'PASS' });
      expect(oracle.workers.spawned).toBe(2);
    } finally {
      oracle.dispose();
    }
  }, 60_000);

  it('candidate and reference in sandboxes of their own: a wrong answer, a crash with its line', async () => {
    const oracle = createLiveOracle(
      nodePlatform('t'),
      {
        language: 'py',
        candidate: 'def candidate(a):\n    return 10 // a[0]\n',
        reference: 'def reference(a):\n    return 10 // a[0] if a[0] else None\n',
      },
      1000,
    );
    try {
      expect(await oracle.load()).toEqual([]);
      const [same, crash] = await oracle.judgeBatch([[5], [0]]);
      expect(same).toMatchObject({ outcome: 'PASS', expected: 2, actual: 2 });
      expect(crash).toMatchObject({
        outcome: 'CRASH',
        error: { name: 'ZeroDivisionError', line: 2, role: 'candidate' },
      });
    } finally {
      oracle.dispose();
    }
  }, 60_000);

  it('switches the candidate in the same Python process, in a runtime of its own: nothing the old code changed is seen', async () => {
    const oracle = createLiveOracle(
      nodePlatform('t'),
      {
        language: 'py',
        // The buggy candidate changes a module every later code in its interpreter would import,
        // and the interpreter's int digits limit.
        candidate:
          'import math, sys\nmath.floor = lambda x: 42\nsys.set_int_max_str_digits(641)\ndef candidate(a):\n    return 0\n',
        reference: 'import math\ndef reference(a):\n    return math.floor(a[0] / 2)\n',
      },
      1000,
    );
    try {
      expect(await oracle.load()).toEqual([]);
      expect(await oracle.judge([5])).toMatchObject({ outcome: 'FAIL', actual: 0, expected: 2 });
      expect(
        await oracle.switchCandidate(
          'import math\ndef candidate(a):\n    return math.floor(a[0] / 2) + len(str(10 ** 700)) - 701\n',
        ),
      ).toEqual([]);
      expect(await oracle.judge([7])).toMatchObject({ outcome: 'PASS', actual: 3, expected: 3 });
      // No new process: the candidate's started a runtime from its snapshot for the new code.
      expect(oracle.workers).toEqual({ spawned: 2, alive: 2 });
    } finally {
      oracle.dispose();
    }
  }, 60_000);
});
