import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSession } from '../../src/core/session/format/reader.js';
import { withoutDurations } from '../../src/core/session/normalise.js';
import { deltalab, oneLine, scratch } from './support.js';

/**
 * `deltalab reduce --oracle-cmd … --split syntax`: small real programs reduced by their syntax,
 * judged by running them (node, python3) or by what a test finds in them.
 */
const { dir, file } = scratch('deltalab-syntax-');

/** A helper at the top, a bad call of it at the bottom, much in between that does not matter. */
const FAR_APART = `// options
function getArg(map, name) {
  if (!(name in map)) {
    throw new Error('missing ' + name);
  }
  return map[name];
}

const squares = [1, 2, 3].map((x) => x * x);
function total(a, b) {
  let sum = a + b;
  for (const s of squares) sum += s;
  return sum;
}
for (let i = 0; i < 3; i++) {
  total(i, i + 1);
}
const options = { sources: ['a.js'], version: 3 };
console.log(total(1, 2), getArg(options, 'version'));
getArg(options, 'names');
`;

/** Interesting while node throws the helper's message. */
const THROWS = `sh -c 'node "$0" 2>&1 | grep -q "missing names"'`;

/** Python without a version manager's shim in front of it (a shim takes longer than the test). */
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

/** The `deltalab:` lines of stderr that are not progress. */
const said = (stderr: string) =>
  stderr
    .split('\n')
    .filter((line) => line.startsWith('deltalab:') && !/ trials| test runs, /.test(line));

describe('deltalab reduce --split syntax', { timeout: 240_000 }, () => {
  it('keeps a helper at the top and its bad call at the bottom, whole constructs gone at once, and replays', async () => {
    const input = file('options.js', FAR_APART);
    const record = join(dir, 'options.jsonl');
    const run = await deltalab(
      'reduce',
      '--oracle-cmd',
      THROWS,
      '--input-file',
      input,
      '--split',
      'syntax',
      '--jobs',
      '2',
      '--record',
      record,
      '--history',
      'none',
    );
    expect(said(run.stderr)).toEqual([]);
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout);
    expect(summary).toMatchObject({ reducer: 'syntax', split: 'syntax', verified: true });
    const reduced: string = summary.reduced;
    // Both far-apart parts are there, and little else: no loop, no other function.
    expect(reduced).toMatch(/^function getArg\(map, ?name\)\{/);
    expect(reduced).toMatch(/getArg\(\w+, ?'names'\)$/);
    expect(reduced).not.toMatch(/total|squares|for/);
    expect(reduced.length).toBeLessThan(100);
    // Trials that no longer parse were refused without running node, and counted.
    expect(summary.unparsed).toBeGreaterThan(10);
    expect(summary.unparsed).toBeLessThan(summary.executions);
    // The session holds the tree: its replay runs nothing and ends the same.
    const session = await readSession(readFileSync(record, 'utf8'));
    expect(session.header.config).toMatchObject({
      split: 'syntax',
      reducer: 'syntax',
      syntax: { language: 'javascript', errors: false },
    });
    const replayed = await deltalab('replay', record, '--history', 'none');
    expect(replayed.code).toBe(0);
    expect(JSON.parse(replayed.stdout)).toMatchObject({
      reduced,
      calls: summary.calls,
      executions: summary.executions,
      unparsed: summary.unparsed,
      verified: true,
    });
  });

  it('reduces a Python program to the statements its crash needs, indentation kept', async () => {
    const input = file(
      'stats.py',
      `import math


def mean(values):
    total = 0
    for v in values:
        total += v
    return total / len(values)


def spread(values):
    m = mean(values)
    return math.sqrt(sum((v - m) ** 2 for v in values))


print(spread([1, 2, 3]))
print(mean([]))
`,
    );
    const { code, stdout, stderr } = await deltalab(
      'reduce',
      '--oracle-cmd',
      `sh -c '${PYTHON} "$0" 2>&1 | grep -q ZeroDivisionError'`,
      '--jobs',
      '2',
      '--input-file',
      input,
      '--split',
      'syntax',
      '--history',
      'none',
    );
    expect(said(stderr)).toEqual([]);
    expect(code).toBe(0);
    const summary = JSON.parse(stdout);
    expect(summary.verified).toBe(true);
    expect(summary.reduced).toMatch(/^def mean\(values\):\n( +)\S[^\n]*\n\1\S/);
    expect(summary.reduced).toMatch(/\/ ?len\(values\)/);
    expect(summary.reduced).toMatch(/mean\(\[\]\)\)?$/);
    expect(summary.reduced).not.toMatch(/spread|import/);
  });

  it('reduces C as gcc sees it, and JSON, by the language of --language or the file name', async () => {
    const c = file(
      'crash.c',
      `#include <stdio.h>
struct point { int x; int y; };
static int area(struct point p) { return p.x * p.y; }
int main(void) {
  struct point p = { 3, 4 };
  printf("%d\\n", area(p));
  return undefined_name + 1;
}
`,
    );
    const gcc = await deltalab(
      'reduce',
      '--oracle-cmd',
      `sh -c 'gcc -c -o /dev/null -x c "$0" 2>&1 | grep -q "undefined_name. undeclared"'`,
      '--input-file',
      c,
      '--split',
      'syntax',
      '--history',
      'none',
    );
    expect(gcc.code).toBe(0);
    const fromC = JSON.parse(gcc.stdout);
    expect(fromC.verified).toBe(true);
    expect(fromC.reduced).toContain('undefined_name');
    expect(fromC.reduced).not.toMatch(/struct|printf|area/);
    expect(fromC.reduced.length).toBeLessThan(40);

    const json = file('data.txt', '{"keep": [1, {"deep": "needle"}], "drop": [true, false, null]}');
    const parsed = await deltalab(
      'reduce',
      '--oracle-cmd',
      'grep -q needle',
      '--input-file',
      json,
      '--split',
      'syntax',
      '--language',
      'json',
    );
    expect(parsed.code).toBe(0);
    const fromJson = JSON.parse(parsed.stdout);
    // Still JSON: the string hoisted out of the array and the object around it.
    expect(JSON.parse(fromJson.reduced)).toBe('needle');
  });

  it('reduces text of no known language by its brackets, tokens and lines', async () => {
    const input = file(
      'notes.txt',
      'alpha (beta [gamma] delta) epsilon\nzeta { eta theta }\niota needle kappa\n',
    );
    const { code, stdout } = await deltalab(
      'reduce',
      '--oracle-cmd',
      'grep -q needle',
      '--input-file',
      input,
      '--split',
      'syntax',
    );
    expect(code).toBe(0);
    const summary = JSON.parse(stdout);
    expect(summary).toMatchObject({ reduced: 'needle', verified: true });
    expect(summary.unparsed).toBeUndefined();
    // Drawn as text: each trial a cut of spans of the current text.
    const drawn = await deltalab(
      'reduce',
      '--oracle-cmd',
      'grep -q needle',
      '--input-file',
      input,
      '--split',
      'syntax',
      '--format',
      'text',
    );
    expect(drawn.stdout).toMatch(/^trial 1 {2}cut span \(0\.\.\d+\)\n {2}→ /m);
    expect(drawn.stdout).toMatch(
      /reduced "needle" .*\n.*reducer syntax\nverified: still fails, 1-minimal$/m,
    );
  });

  it('says what is wrong with the options, in one line', async () => {
    const input = file('one.js', 'f(1);\n');
    const unknown = await deltalab(
      'reduce',
      '--oracle-cmd',
      'true',
      '--input-file',
      input,
      '--split',
      'syntax',
      '--language',
      'cobol',
    );
    expect(unknown.code).toBe(2);
    expect(oneLine(unknown.stderr)).toMatch(
      /unknown --language "cobol"; known: javascript, typescript, tsx, python, c, json, html, css/,
    );
    const alone = await deltalab(
      'reduce',
      '--oracle-cmd',
      'true',
      '--input-file',
      input,
      '--split',
      'lines',
      '--language',
      'c',
    );
    expect(oneLine(alone.stderr)).toMatch(/--language goes with the pipeline or --split syntax/);
    const other = await deltalab(
      'reduce',
      '--oracle-cmd',
      'true',
      '--input-file',
      input,
      '--split',
      'syntax',
      '--reducer',
      'ddmin',
    );
    expect(oneLine(other.stderr)).toMatch(
      /--split syntax reduces with the syntax reducer or the pipeline/,
    );
    // dd isolates by characters, lines or words only.
    const isolate = await deltalab(
      'isolate',
      '--oracle-cmd',
      'true',
      '--pass-file',
      input,
      '--fail-file',
      input,
      '--split',
      'syntax',
    );
    expect(oneLine(isolate.stderr)).toMatch(/unknown --split "syntax"; use chars, lines, words/);
  });

  it('makes the same reduction with more jobs, trial for trial, by syntax and by lines', async () => {
    const input = file('jobs.js', FAR_APART);
    const cases: [string[], string[], string][] = [
      [['--split', 'syntax'], ['1', '2'], THROWS],
      // The default flat reducer (bisect), with a test that needs two far-apart lines.
      [['--split', 'lines'], ['1', '3'], `grep -q "function getArg" {} && grep -q "'names'" {}`],
    ];
    for (const [split, jobs, test] of cases) {
      const runs = [];
      for (const n of jobs) {
        const record = join(dir, `jobs-${split[1]}-${n}.jsonl`);
        const run = await deltalab(
          'reduce',
          '--oracle-cmd',
          test,
          '--input-file',
          input,
          ...split,
          '--jobs',
          n,
          '--record',
          record,
        );
        expect(run.code).toBe(0);
        const { elapsedMs: _ms, ...summary } = JSON.parse(run.stdout);
        const { events } = withoutDurations(readSession(readFileSync(record, 'utf8')));
        runs.push({ summary, events, stderr: run.stderr });
      }
      const [one, ...many] = runs;
      for (const other of many) {
        expect(other.summary).toEqual(one?.summary);
        expect(other.events).toEqual(one?.events);
        // What ran ahead and was not needed is counted.
        expect(other.stderr).toMatch(/deltalab: \d+ test runs, \d+ judged ahead and not needed/);
      }
    }
  });
});
