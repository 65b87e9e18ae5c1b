import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Large sessions, recorded by the `deltalab` command (built by `npm run prepare`) into a fresh
 * folder of the system's temporary one: what a page must import without freezing. Made when a
 * test starts, never committed (each is megabytes).
 */

/** A fresh folder for one test's sessions. */
export function sessionFolder(): string {
  return mkdtempSync(join(tmpdir(), 'deltalab-large-'));
}

/**
 * Runs `deltalab reduce` with these options, recording the session to `file`. A reduction cut
 * short by `--max-trials` exits 1 (not verified 1-minimal), and is recorded all the same.
 */
function reduce(file: string, options: readonly string[]): string {
  try {
    execFileSync(
      process.execPath,
      ['bin/deltalab.js', 'reduce', ...options, '--no-verify', '--record', file],
      { stdio: 'ignore' },
    );
  } catch (error) {
    if ((error as { status?: number }).status !== 1) throw error;
  }
  return file;
}

/**
 * A call of `count` arguments (input kind "several arguments"): a string with an `x` in it, then
 * numbers, which are fixed; the candidate is wrong while the string holds the `x`. About 1.7 MB.
 */
export function recordLongCall(dir: string, count = 50_000): string {
  const module = join(dir, 'call.js');
  writeFileSync(
    module,
    `export function candidate(...args) { return args[0].includes('x') ? -1 : args.length; }
export function reference(...args) { return args.length; }
`,
  );
  const call: (string | number)[] = ['abcxdef'];
  for (let i = 1; i < count; i++) call.push(i * 1000 + 7);
  const input = join(dir, 'call.json');
  writeFileSync(input, JSON.stringify(call));
  return reduce(join(dir, 'call.jsonl'), [
    '--module',
    module,
    '--kind',
    'args',
    '--input-file',
    input,
    '--history',
    'summary',
  ]);
}

/**
 * A program of one line of about `chars` characters (as a minified file is), reduced by its
 * syntax under a command for eight trials: the first ones cut thousands of statements each.
 */
export function recordLongLine(dir: string, chars = 500_000): string {
  let program = '';
  for (let i = 0; program.length < chars; i++) program += `var a${i}=function(b){return b+${i}};`;
  const input = join(dir, 'line.js');
  writeFileSync(input, `${program}var needle=1;\n`);
  return reduce(join(dir, 'line.jsonl'), [
    '--input-file',
    input,
    '--split',
    'syntax',
    '--oracle-cmd',
    'grep -q needle',
    '--max-trials',
    '8',
    '--history',
    'summary',
  ]);
}

/** A program of blocks nested `depth` deep (`{{{…x;…}}}`), reduced by its syntax for a dozen trials. */
export function recordNested(dir: string, depth = 100_000): string {
  const input = join(dir, 'nested.js');
  writeFileSync(input, `${'{'.repeat(depth)}x;${'}'.repeat(depth)}`);
  return reduce(join(dir, 'nested.jsonl'), [
    '--input-file',
    input,
    '--split',
    'syntax',
    '--oracle-cmd',
    'grep -q x',
    '--max-trials',
    '12',
  ]);
}
