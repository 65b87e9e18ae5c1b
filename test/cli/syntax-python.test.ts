import { describe, expect, it } from 'vitest';
import { deltalab, scratch } from './support.js';

/**
 * A Python program reduced by its syntax and judged by an `outcome(source)` written in Python:
 * CPython's compiler rejects it for a reason that needs two parts of it (a name used, then
 * declared global in the same function), and the reducer keeps just those, the trials that no
 * longer parse refused without running Python.
 */
const { file } = scratch('deltalab-syntax-python-');

const OUTCOME = `def outcome(source):
    try:
        compile(source, "<program>", "exec")
    except SyntaxError as error:
        return "FAIL" if "global declaration" in str(error) else "INVALID"
    return "PASS"
`;

const PROGRAM = `import math


def area(r):
    """The area of a circle of radius r."""
    return math.pi * r * r


def report(items):
    total = 0
    for item in items:
        if item > 0:
            total += area(item)
    print("total", total)
    global total
    return total


report([1, 2, 3])
`;

describe('a Python program judged by outcome(source) in Python', () => {
  it('keeps the two far-apart parts the compiler needs to reject it', async () => {
    const run = await deltalab(
      'reduce',
      '--module',
      file('outcome.py', OUTCOME),
      '--kind',
      'string',
      '--split',
      'syntax',
      '--input-file',
      file('report.py', PROGRAM),
    );
    expect(run.code, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout);
    expect(summary).toMatchObject({ status: 'reduced', verified: true });
    expect(summary.reduced).toBe('def report():\n    total\n    global total');
    expect(summary.unparsed).toBeGreaterThan(0);
  }, 120_000);
});
