import { describe, expect, it } from 'vitest';
import { sameOutput } from '../../../src/core/oracle/output.js';
import { ERROR_MESSAGE_CHARS } from '../../../src/core/text/error-text.js';
import { lesson, usePythonSandbox } from './support.js';

/** One runtime for the whole file: loading code replaces what was loaded before. */
const sandbox = usePythonSandbox();
const { load, printed } = sandbox;

describe('Python sandbox: the article in Python, in each role', () => {
  it('candidate and reference give the article’s answers on its inputs', async () => {
    expect(await load(lesson('candidate.py'), 'candidate')).toEqual({
      ok: true,
      exports: ['candidate'],
      entry: 'candidate',
    });
    expect(sandbox.api().call([-7])).toMatchObject({ ok: true, value: 0 });
    expect(sandbox.api().call([-3, -3, -8, -4, -4, -8, -1, -9, -5, -4, -6, -7])).toMatchObject({
      value: 0,
    });
    expect(await load(lesson('reference.py'), 'reference')).toMatchObject({
      ok: true,
      entry: 'reference',
    });
    expect(sandbox.api().call([-7])).toMatchObject({ ok: true, value: -7 });
    expect(sandbox.api().call([-3, -3, -8, -4, -4, -8, -1, -9, -5, -4, -6, -7])).toMatchObject({
      value: -1,
    });
  });

  it('outcome(a) answers PASS, FAIL or INVALID as text, and valid(a) keeps an input out', async () => {
    const source = `def outcome(a):
    return "FAIL" if 1 in a and 5 in a else "PASS"

def valid(a):
    return len(a) < 8
`;
    expect(await load(source, 'outcome')).toMatchObject({
      ok: true,
      exports: ['outcome', 'valid'],
    });
    expect(sandbox.api().call([1, 5])).toMatchObject({ ok: true, value: 'FAIL' });
    expect(sandbox.api().call([1, 2])).toMatchObject({ ok: true, value: 'PASS' });
    expect(sandbox.api().call([1, 2, 3, 4, 5, 6, 7, 8])).toMatchObject({ ok: true, invalid: true });
  });

  it('a module holding every role gives each role its own function', async () => {
    const source = `${lesson('candidate.py')}\n${lesson('reference.py')}`;
    expect(await load(source, 'reference')).toMatchObject({ entry: 'reference' });
    expect(sandbox.api().call([2, -1, 3])).toMatchObject({ value: 4 });
  });

  it('inputs arrive as Python values of every kind, outputs come back as JSON values', async () => {
    const source = `def candidate(a):
    return {"type": type(a).__name__, "value": a, "t": (1, 2.5), "none": None, "big": 2 ** 70,
            "nan": float("nan"), "neg0": -0.0, "$": 1, "set": {3}}
`;
    await load(source, 'candidate');
    expect(sandbox.api().call('héllo')).toMatchObject({
      ok: true,
      value: {
        type: 'str',
        value: 'héllo',
        t: [1, 2.5],
        none: null,
        big: { $: 'bigint', v: '1180591620717411303424' },
        nan: { $: 'number', v: 'NaN' },
        neg0: { $: 'number', v: '-0' },
        $$: 1,
        set: { $: 'python', v: 'set: {3}' },
      },
    });
    expect(sandbox.api().call({ b: [1, null], a: true })).toMatchObject({
      value: { type: 'dict', value: { a: true, b: [1, null] } },
    });
    expect(sandbox.api().call([1.5, 2])).toMatchObject({
      value: { type: 'list', value: [1.5, 2] },
    });
  });

  it('each call gets its own input: a change to it does not reach the next call', async () => {
    await load(
      'seen = []\ndef candidate(a):\n    a.append(1)\n    seen.append(len(a))\n    return seen\n',
      'candidate',
    );
    expect(sandbox.api().call([5])).toMatchObject({ value: [2] });
    expect(sandbox.api().call([5])).toMatchObject({ value: [2, 2] });
  });
});

describe('Python sandbox: errors', () => {
  it('an exception is a crash with its Python type, message and line in the user’s file', async () => {
    const source = `def candidate(a):
    return helper(a)

def helper(a):
    return a[0] // (a[-1] - a[-1])
`;
    expect(await load(source, 'candidate')).toMatchObject({ ok: true, entry: 'candidate' });
    expect(sandbox.api().call([3, 4])).toMatchObject({
      ok: false,
      error: {
        name: 'ZeroDivisionError',
        message: expect.stringContaining('by zero'),
        line: 5,
        column: 12,
        role: 'candidate',
      },
    });
  });

  it('a syntax error fails the load at its line, and check finds it without running anything', async () => {
    const source = 'print("ran")\ndef candidate(a):\n    return 1 +\n';
    const before = printed.length;
    expect(await sandbox.api().check({ source, language: 'py', role: 'candidate' })).toEqual({
      name: 'SyntaxError',
      message: 'invalid syntax',
      line: 3,
      column: 15,
    });
    expect(printed.length).toBe(before);
    expect(await load(source, 'candidate')).toMatchObject({
      ok: false,
      error: { name: 'SyntaxError', line: 3 },
    });
    expect(
      await sandbox
        .api()
        .check({ source: 'def candidate(a):\n    return 1\n', language: 'py', role: 'candidate' }),
    ).toBeNull();
  });

  it('a top level that raises fails the load at its line; print goes to the console', async () => {
    const before = printed.length;
    const loaded = await load(
      'print("loading")\nx = {}["missing"]\ndef candidate(a):\n    return 1\n',
      'candidate',
    );
    expect(loaded).toMatchObject({
      ok: false,
      error: { name: 'KeyError', message: "'missing'", line: 2 },
    });
    expect(printed.slice(before)).toEqual(['loading']);
  });

  it('no function for the role says what to define; several say which to name', async () => {
    expect(await load('x = 1\n', 'candidate')).toMatchObject({
      ok: false,
      error: { message: 'the candidate code defines no function: define one named candidate' },
    });
    expect(
      await load('def f(a):\n    return 1\ndef g(a):\n    return 2\n', 'reference'),
    ).toMatchObject({
      ok: false,
      error: {
        message: 'the reference code defines several functions (f, g): name one of them reference',
      },
    });
    expect(await load('def only(a):\n    return 7\n', 'reference')).toMatchObject({
      ok: true,
      entry: 'only',
    });
  });

  it('deep recursion, sys.exit and a non-JSON key are crashes or values, never a dead sandbox', async () => {
    await load(
      'import sys\ndef candidate(a):\n    if a == [0]:\n        sys.exit(3)\n    return candidate(a)\n',
      'candidate',
    );
    expect(sandbox.api().call([1])).toMatchObject({
      ok: false,
      error: { name: 'RecursionError', line: 5 },
    });
    expect(sandbox.api().call([0])).toMatchObject({
      ok: false,
      error: { name: 'SystemExit', message: '3', line: 4 },
    });
    expect(sandbox.api().call([2])).toMatchObject({ ok: false, error: { name: 'RecursionError' } });
  });
});

describe('Python sandbox: outputs written one to one, long ones clipped', () => {
  it('a key "$" or "$$", and 1 against "1", give outputs that compare as different', async () => {
    await load(
      `def candidate(a):
    return [{"$": 1}, {"$$": 1}, {1: "x"}, {"1": "x"}, {"__proto__": {}}, {"z": 1}][a[0]]
`,
      'candidate',
    );
    const outputs = [0, 1, 2, 3, 4, 5].map((i) => {
      const result = sandbox.api().call([i]);
      if (!result.ok) throw new Error(result.error.message);
      return result.value;
    });
    for (let i = 0; i < outputs.length; i++) {
      for (let j = 0; j < outputs.length; j++) {
        expect(sameOutput(outputs[i], outputs[j]), `${i} against ${j}`).toBe(i === j);
      }
    }
  });

  it('a long output is answered clipped, a long message cut', async () => {
    await load(
      `def candidate(a):
    if a[0] == 0:
        return "a" + "\u0301" * 300000
    raise ValueError("m" * 100000)
`,
      'candidate',
    );
    expect(sandbox.api().call([0])).toMatchObject({
      ok: true,
      value: { $: 'long', n: 300_003, h: expect.any(String) },
    });
    const crash = sandbox.api().call([1]);
    expect(crash).toMatchObject({ ok: false, error: { name: 'ValueError' } });
    expect(!crash.ok && crash.error.message.length).toBe(ERROR_MESSAGE_CHARS + 1);
  });
});

describe('Python sandbox: random and batches', () => {
  it('random is seeded per call from the input: the same input sees the same numbers', async () => {
    await load(
      'import random\ndef candidate(a):\n    return [random.random(), random.randint(0, 10**9)]\n',
      'candidate',
    );
    const first = sandbox.api().call([1, 2, 3]);
    const other = sandbox.api().call([1, 2, 4]);
    expect(sandbox.api().call([1, 2, 3])).toEqual({ ...first, ms: expect.any(Number) });
    expect(first.ok && other.ok && first.value).not.toEqual(other.ok && other.value);
  });

  it('a batch gives the same results as the calls one by one, numbers in the typed array', async () => {
    await load(lesson('reference.py'), 'reference');
    const items = [[1, -2, 3], [-7], [2, 2], [-1, -1]];
    const batch = sandbox.api().callBatch({ items });
    expect([...batch.numbers]).toEqual([3, -7, 4, -1]);
    expect(batch.others).toEqual([]);
    await load('def candidate(a):\n    return 1 // a[0] if a[0] != 2 else "two"\n', 'candidate');
    const mixed = sandbox.api().callBatch({ items: [[1], [0], [2]] });
    expect(mixed.numbers[0]).toBe(1);
    expect(mixed.others).toEqual([
      [
        1,
        {
          ok: false,
          error: expect.objectContaining({ name: 'ZeroDivisionError', line: 2 }),
          ms: expect.any(Number),
        },
      ],
      [2, { ok: true, value: 'two', ms: expect.any(Number) }],
    ]);
  });
});
