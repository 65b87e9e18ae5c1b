import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deltalab, deltalabIn, oneLine, scratch } from './support.js';

/**
 * `deltalab isolate --module NEW --changes OLD --call JSON`: the Debugging Book's ChangeDebugger,
 * dd over the changed lines between yesterday's candidate (the article's corrected Kadane) and
 * today's (the buggy one), each version loaded in the sandbox and called on the article's input.
 */
const { dir, file } = scratch('deltalab-changes-');
const code = (path: string) =>
  readFileSync(join(import.meta.dirname, `../../examples/code/${path}`), 'utf8');
const module = (name: string, candidate: string, reference: string) =>
  file(name, `${code(candidate)}\n${code(reference)}`);

const TODAY = module('today.js', 'max-subarray/candidate.js', 'max-subarray/reference.js');
const YESTERDAY = module('yesterday.js', 'max-subarray/corrected.js', 'max-subarray/reference.js');
const CALL = '[-3,-3,-8,-4,-4,-8,-1,-9,-5,-4,-6,-7]';

describe('deltalab isolate --changes', () => {
  it('finds the changed lines that make today’s candidate fail: the two initialisations', async () => {
    const { code: exit, stdout } = await deltalab(
      'isolate',
      '--module',
      TODAY,
      '--changes',
      YESTERDAY,
      '--call',
      CALL,
    );
    expect(exit).toBe(0);
    const result = JSON.parse(stdout);
    expect(result).toMatchObject({
      status: 'isolated',
      mode: 'diff',
      split: 'lines',
      verified: true,
      failExpected: -1,
      failActual: 0,
      difference: [
        { op: 'replace', unit: '  let best = 0;\n', was: '  let current = a[0];\n' },
        { op: 'replace', unit: '  let current = 0;\n', was: '  let best = a[0];\n' },
      ],
    });
    // The passing side keeps yesterday's initialisation; the failing side is it with today's.
    expect(result.pass).toContain('let current = a[0];');
    expect(result.fail).toContain('let best = 0;');
    expect(result.fail).not.toContain('let best = a[0];');
    expect(result.patch).toMatch(/^- {2}let current = a\[0\];$/m);
    expect(result.patch).toMatch(/^\+ {2}let best = 0;$/m);
    // A version with one initialisation of the two declares a name twice or not at all: it
    // does not load or it throws, and dd counts it unresolved.
    const outcomes = result.history.map((row: { outcome: string }) => row.outcome);
    expect(outcomes.some((o: string) => o === 'INVALID' || o === 'CRASH')).toBe(true);
  });

  it('takes Python modules too, and --mode min keeps only edits that fail together', async () => {
    const today = module(
      'today.py',
      'max-subarray-py/candidate.py',
      'max-subarray-py/reference.py',
    );
    const old = module('old.py', 'max-subarray-py/corrected.py', 'max-subarray-py/reference.py');
    const run = await deltalab(
      'isolate',
      '--module',
      today,
      '--changes',
      old,
      '--call',
      '[-7]',
      '--mode',
      'min',
      '--history',
      'none',
    );
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({ status: 'isolated', mode: 'min', verified: true });
    expect(result.difference).toEqual([
      {
        op: 'replace',
        at: 2,
        unit: '    best = current = 0\n',
        was: '    current = best = a[0]\n',
      },
    ]);
  }, 120_000);

  it('records the session; replay prints the same JSON with no code run', async () => {
    const session = join(dir, 'changes.jsonl');
    const args = ['--module', TODAY, '--changes', YESTERDAY, '--call', CALL];
    const live = await deltalab('isolate', ...args, '--record', session);
    expect(live.code).toBe(0);
    const header = JSON.parse(readFileSync(session, 'utf8').split('\n')[0] as string);
    expect(header.config).toMatchObject({
      kind: 'string',
      split: 'lines',
      isolate: { mode: '+-', replace: true },
      changes: { input: JSON.parse(CALL) },
    });
    const noSandbox = { env: { DELTALAB_CONTAINMENT: 'docker' } };
    const replayed = await deltalabIn(noSandbox, 'replay', session);
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).toBe(live.stdout);
  });

  it('refuses, in one line, a yesterday that fails too and a form that is not whole', async () => {
    const cases: [string[], RegExp][] = [
      [
        ['--module', TODAY, '--changes', TODAY, '--call', CALL],
        /^deltalab: --changes .* fails too: there is no difference to isolate/,
      ],
      [
        ['--module', YESTERDAY, '--changes', TODAY, '--call', CALL],
        /^deltalab: --module .* does not fail: its outcome is PASS/,
      ],
      [['--changes', YESTERDAY, '--call', CALL], /--changes OLD needs --module NEW/],
      [['--module', TODAY, '--changes', YESTERDAY], /give the call both versions are judged on/],
      [
        ['--module', TODAY, '--changes', YESTERDAY, '--call', CALL, '--fail', '[1]'],
        /--fail does not go with --changes/,
      ],
      [
        ['--module', TODAY, '--changes', join(dir, 'none.js'), '--call', CALL],
        /cannot read --changes .*(ENOENT|no such file)/,
      ],
    ];
    for (const [args, message] of cases) {
      const { code: exit, stderr } = await deltalab('isolate', ...args);
      expect(exit).toBe(2);
      expect(oneLine(stderr)).toMatch(message);
    }
  });
});
