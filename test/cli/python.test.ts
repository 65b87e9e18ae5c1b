import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deltalab, oneLine, scratch } from './support.js';

/**
 * `deltalab --module file.py`: Python modules run through Pyodide in sandbox processes (no
 * `python3` needed), with the same output, one-line errors and exit codes as JavaScript.
 */
const { dir, file } = scratch('deltalab-python-');
const lesson = (name: string) =>
  readFileSync(join(import.meta.dirname, '../../examples/code/max-subarray-py', name), 'utf8');

/** The article's candidate and reference, as the article writes them, in one module. */
const ARTICLE = file('article.py', `${lesson('candidate.py')}\n${lesson('reference.py')}`);

/** An outcome predicate over text with a domain check: FAIL while both "(" and ")" are left. */
const PARENS = file(
  'parens.py',
  `def outcome(s):
    return "FAIL" if "(" in s and ")" in s else "PASS"

def valid(s):
    return s.count("(") <= 3
`,
);

describe('deltalab with a Python module', () => {
  it('reduce runs the article’s Python: attempt 4452, [-7] in 5 calls, verified; the session records it', async () => {
    const record = join(dir, 'article.jsonl');
    const run = await deltalab('reduce', '--module', ARTICLE, '--record', record);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({
      status: 'reduced',
      attempts: 4452,
      original: [-3, -3, -8, -4, -4, -8, -1, -9, -5, -4, -6, -7],
      reduced: [-7],
      reducedExpected: -7,
      reducedActual: 0,
      calls: 5,
      verified: true,
    });
    const header = JSON.parse(readFileSync(record, 'utf8').split('\n')[0] as string);
    expect(header).toMatchObject({ version: '2.0', config: { code: { language: 'py' } } });
    const replay = await deltalab('replay', record);
    expect(replay.code).toBe(0);
  });

  it('verify --exhaustive judges the 19530 inputs and checks the 126 reductions', async () => {
    const run = await deltalab('verify', '--exhaustive', '--module', ARTICLE);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      inputs: 19530,
      failures: 126,
      verified: 126,
      problems: [],
    });
  });

  it('an outcome(a) with valid(a) reduces a string', async () => {
    const run = await deltalab('reduce', '--module', PARENS, '--input', '"a(b(c)d)e"');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ reduced: '()', verified: true });
  });

  it('an exception is a CRASH with its Python type and the line it was raised at', async () => {
    const crash = file(
      'crash.py',
      'def candidate(a):\n    return a[0] // (a[-1] - a[-1])\n\ndef reference(a):\n    return 1\n',
    );
    const record = join(dir, 'crash.jsonl');
    const run = await deltalab('reduce', '--module', crash, '--chase', 'crash', '--record', record);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ reduced: [expect.any(Number)], verified: true });
    const session = readFileSync(record, 'utf8');
    expect(session).toContain('"name":"ZeroDivisionError"');
    expect(session).toContain('"line":2');
  });

  it('a while True: is a TIMEOUT within the budget, chased like any other outcome', async () => {
    const hang = file(
      'hang.py',
      'def candidate(a):\n    while len(a) > 2:\n        pass\n    return sum(a) + 1\n\ndef reference(a):\n    return sum(a)\n',
    );
    const input = ['--module', hang, '--input', '[1,2,3]', '--timeout', '500'];
    const wrong = await deltalab('reduce', ...input);
    expect(wrong.code).toBe(2);
    expect(oneLine(wrong.stderr)).toBe(
      'deltalab: the start input does not reproduce the failure: it runs past its time budget (TIMEOUT); chase the hang to reduce it (--chase timeout)',
    );
    const chased = await deltalab('reduce', ...input, '--chase', 'timeout');
    expect(chased.code).toBe(0);
    // Every deletion leaves two elements, which no longer hang: [1,2,3] is 1-minimal.
    expect(JSON.parse(chased.stdout)).toMatchObject({ reduced: [1, 2, 3], verified: true });
  });

  it('a syntax error is one line naming where it is, exit 2', async () => {
    const broken = file(
      'broken.py',
      'def candidate(a):\n    return 1 +\n\ndef reference(a):\n    return 1\n',
    );
    const run = await deltalab('reduce', '--module', broken);
    expect(run.code).toBe(2);
    expect(oneLine(run.stderr)).toBe(
      'deltalab: the candidate code does not load: invalid syntax (line 2, column 15)',
    );
  });

  it('a module without the roles says which functions it has', async () => {
    const only = file('only.py', 'def candidate(a):\n    return 1\n');
    const run = await deltalab('reduce', '--module', only);
    expect(run.code).toBe(2);
    expect(oneLine(run.stderr)).toBe(
      `deltalab: --module ${only} defines neither outcome(a) nor both candidate(a) and reference(a) (it defines candidate)`,
    );
  });

  it('isolate --versions: what a version changed in the interpreter never reaches the next', async () => {
    // v4 lowers the int digits limit and passes; v5 and v6 go through a 701-digit int's text,
    // answering 0 when it cannot be had (right alone, wrong where v4's limit is left); the bug
    // comes in v7. Bisected: v4 is tested first, then v6, then v7.
    const sums = 'def candidate(a):\n    return sum(a)\n';
    const lowers =
      'import sys\n\ndef candidate(a):\n    sys.set_int_max_str_digits(641)\n    return sum(a)\n';
    const big =
      'def candidate(a):\n    big = 10 ** 700\n    try:\n        return int(str(big + sum(a))) - big\n    except ValueError:\n        return 0\n';
    const bug = 'def candidate(a):\n    return sum(a) + 1\n';
    const codes = [sums, `# v2\n${sums}`, `# v3\n${sums}`, lowers, big, `# v6\n${big}`, bug];
    const versions = [...codes, `# v8\n${bug}`].map((code, i) => file(`v${i + 1}.py`, code));
    const today = file('today.py', `# v8\n${bug}\ndef reference(a):\n    return sum(a)\n`);
    const args = ['--module', today, '--versions', ...versions, '--call', '[1,2,3]'];
    const run = await deltalab('isolate', ...args);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      status: 'isolated',
      verified: true,
      bisect: { lastGood: 'v6.py', firstBad: 'v7.py', skipped: [], tests: 3 },
    });
  }, 300_000);

  it('the code sees none of the machine’s files', async () => {
    const snoop = file(
      'snoop.py',
      `import os
def outcome(a):
    os.listdir("${dir}")
    return "FAIL"
`,
    );
    const run = await deltalab('reduce', '--module', snoop, '--input', '[1,2]', '--chase', 'crash');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      status: 'reduced',
      reduced: [expect.any(Number)],
    });
  });
});
