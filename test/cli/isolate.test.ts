import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deltalab, deltalabIn, oneLine, scratch } from './support.js';

/**
 * `deltalab isolate --module`: dd between a passing and a failing input, judged by code in the
 * sandboxes, as the Debugging Book's DeltaDebugger isolates remove_html_markup's failure.
 */
const { dir, file } = scratch('deltalab-isolate-');

/** The markup lesson's stripper (quotes toggle even outside a tag) and its reference, in one module. */
const lesson = (role: string) =>
  readFileSync(join(import.meta.dirname, `../../examples/code/markup/${role}.js`), 'utf8');
const MARKUP = file('markup.js', `${lesson('candidate')}\n${lesson('reference')}`);

/** The book's own strip: fails while both 3 and 7 are in the array. */
const BOTH = file(
  'both.js',
  "export function outcome(a) { return a.includes(3) && a.includes(7) ? 'FAIL' : 'PASS'; }\n",
);
const failsBoth = (a: number[]) => a.includes(3) && a.includes(7);
const START = [1, 3, 5, 7, 9, 2];

/** An array (or a string's characters) is the other with one element added, anywhere. */
function oneMore(small: unknown[], big: unknown[]): boolean {
  const key = JSON.stringify(small);
  return big.some((_, i) => JSON.stringify([...big.slice(0, i), ...big.slice(i + 1)]) === key);
}

describe('deltalab isolate --module', () => {
  it("isolates the markup stripper's failure to one quote, from the empty string", async () => {
    const { code, stdout } = await deltalab(
      'isolate',
      '--module',
      MARKUP,
      '--fail',
      '"<b foo=\\"bar\\">\\"x\\"</b>"',
    );
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(result).toMatchObject({
      status: 'isolated',
      mode: 'diff',
      kind: 'string',
      startPass: '',
      startFail: '<b foo="bar">"x"</b>',
      difference: [{ op: 'insert', unit: '"' }],
      verified: true,
    });
    // The sides differ by that one character: the passing one has no quote outside the tag.
    expect(typeof result.pass).toBe('string');
    expect(oneMore(Array.from(result.pass), Array.from(result.fail))).toBe(true);
    expect(result.pass.slice(result.pass.indexOf('>'))).not.toContain('"');
    expect(result.calls).toBeGreaterThan(2);
    expect(result.executions).toBeGreaterThan(2);
    expect(result.history[0]).toMatchObject({ pass: '', fail: '<b foo="bar">"x"</b>' });
    for (const row of result.history) expect(row.move).toMatch(/^(reduce|increase)-to-/);
  });

  it('isolates in integer arrays; min keeps every edit it needs, max every edit that passes', async () => {
    const runs = await Promise.all(
      ['diff', 'min', 'max'].map((mode) =>
        deltalab('isolate', '--module', BOTH, '--fail', JSON.stringify(START), '--mode', mode),
      ),
    );
    const [diff, min, max] = runs.map(({ code, stdout }) => {
      expect(code).toBe(0);
      return JSON.parse(stdout);
    });
    for (const result of [diff, min, max]) {
      expect(result.verified).toBe(true);
      expect(failsBoth(result.fail)).toBe(true);
      expect(failsBoth(result.pass)).toBe(false);
    }
    expect(diff.difference).toHaveLength(1);
    expect(oneMore(diff.pass, diff.fail)).toBe(true);
    // min: the passing side stays empty, the failing side keeps both causes and nothing else.
    expect(min).toMatchObject({ mode: 'min', pass: [], fail: [3, 7] });
    // max: the failing side stays whole, the passing side lacks one cause only.
    expect(max).toMatchObject({ mode: 'max', fail: START });
    expect(oneMore(max.pass, START)).toBe(true);
  });

  it('starts from the --pass given: the edits of a diff between the two', async () => {
    const { code, stdout } = await deltalab(
      'isolate',
      '--module',
      BOTH,
      '--fail',
      '[1,3,7,9]',
      '--pass',
      '[1,3,4]',
    );
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(result).toMatchObject({ startPass: [1, 3, 4], verified: true });
    expect(result.difference).toEqual([{ op: 'insert', at: 3, unit: 7 }]);
    expect(failsBoth(result.fail) && !failsBoth(result.pass)).toBe(true);
  });

  it('refuses, in one line with exit 2, a passing side that fails and a failing side that passes', async () => {
    const fails = await deltalab(
      'isolate',
      '--module',
      BOTH,
      '--fail',
      '[3,7,1]',
      '--pass',
      '[7,3]',
    );
    expect(fails.code).toBe(2);
    expect(fails.stdout).toBe('');
    expect(oneLine(fails.stderr)).toBe(
      'deltalab: --pass fails too: there is no difference to isolate (its outcome is FAIL)',
    );
    const passes = await deltalab('isolate', '--module', MARKUP, '--fail', '"<b>x</b>"');
    expect(passes.code).toBe(2);
    expect(oneLine(passes.stderr)).toBe(
      'deltalab: --fail does not fail: its outcome is PASS (expected "x", actual "x")',
    );
  });

  it('says what is wrong with the options in one line', async () => {
    const cases: [string[], RegExp][] = [
      [['--module', BOTH], /give the failing input: --fail JSON/],
      [['--module', BOTH, '--fail', '[3,7]', '--mode', 'both'], /unknown --mode "both"/],
      [['--module', BOTH, '--fail', '[3,7]', '--pass', '"x"'], /--pass is not of kind int-array/],
      [['--module', BOTH, '--fail', '[3,7]', '--split', 'lines'], /--split cuts strings/],
      [['--module', BOTH, '--fail', '[3,7]', '--pass-file', 'p'], /--pass-file does not go/],
      [['--module', BOTH, '--fail', '{"a":1}', '--kind', 'json'], /not on trees/],
    ];
    for (const [args, message] of cases) {
      const { code, stderr } = await deltalab('isolate', ...args);
      expect(code, args.join(' ')).toBe(2);
      expect(oneLine(stderr)).toMatch(message);
    }
  });

  it('records the session; replay prints the same JSON and the same drawing with no code run', async () => {
    const session = join(dir, 'markup.jsonl');
    const args = ['--module', MARKUP, '--fail', '"\\"<b>x</b>\\""'];
    const live = await deltalab('isolate', ...args, '--record', session);
    expect(live.code).toBe(0);
    const header = JSON.parse(readFileSync(session, 'utf8').split('\n')[0] as string);
    expect(header).toMatchObject({ version: '2.4', config: { isolate: { mode: '+-', pass: '' } } });
    // A containment that cannot be had: any sandbox the replay started would fail it.
    const noSandbox = { env: { DELTALAB_CONTAINMENT: 'docker' } };
    const replayed = await deltalabIn(noSandbox, 'replay', session);
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).toBe(live.stdout);
    const drawn = await deltalab('isolate', ...args, '--format', 'text');
    const redrawn = await deltalabIn(noSandbox, 'replay', session, '--format', 'text');
    expect(redrawn.code).toBe(0);
    expect(redrawn.stdout).toBe(drawn.stdout);
    expect(drawn.stdout).toMatch(
      /^trial 1 {2}block 1 of 2 \(\d+ of \d+ edits\) added to the passing side$/m,
    );
    expect(drawn.stdout).toMatch(
      /→ ".*" {2}(PASS|FAIL) — (reduce|increase) to (subset|complement)/,
    );
    expect(drawn.stdout).toContain('verified: the passing side passes, the failing side fails');
  });
});
