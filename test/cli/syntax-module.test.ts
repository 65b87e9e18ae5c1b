import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSession } from '../../src/core/session/format/reader.js';
import { storedConfig } from '../../src/core/session/task.js';
import { BAD_CALL_OUTCOME, BAD_CALL_PROGRAM } from '../support/bad-call.js';
import { deltalab, oneLine, scratch } from './support.js';

/**
 * `deltalab reduce --module M --split syntax`: a program judged by code of the user's, cut by the
 * grammar `--language` names (or the input file's name says), as `--oracle-cmd` cuts it, trials
 * that no longer parse refused without running the code.
 */
const { dir, file } = scratch('deltalab-syntax-module-');

const OUTCOME = BAD_CALL_OUTCOME;
const PROGRAM = BAD_CALL_PROGRAM;

/** `deltalab reduce` of a program given as text to the outcome module, with `args` added. */
function reduceProgram(...args: string[]) {
  return deltalab('reduce', '--module', file('outcome.js', OUTCOME), '--kind', 'string', ...args);
}

describe('reduce --module with --split syntax', () => {
  it('cuts by the grammar the file name says: the tree recorded, the result verified', async () => {
    const input = file('program.js', PROGRAM);
    const record = join(dir, 'by-grammar.jsonl');
    const run = await reduceProgram('--split', 'syntax', '--input-file', input, '--record', record);
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout);
    expect(summary).toMatchObject({ status: 'reduced', verified: true });
    expect(summary.reduced).toMatch(/function bad/);
    expect(summary.reduced.length).toBeLessThan(PROGRAM.length / 3);
    // Trials that no longer parse were refused without running the code: the result parses.
    expect(summary.unparsed).toBeGreaterThan(0);
    expect(() =>
      execFileSync(process.execPath, ['--check', file('result.js', summary.reduced)]),
    ).not.toThrow();
    const session = readSession(readFileSync(record, 'utf8'));
    expect(storedConfig(session.header.config).syntax).toBeDefined();
    expect(storedConfig(session.header.config).language).toBe('javascript');
    // The same program under a name of no known language: generic moves, no tree.
    const plain = file('program.txt', PROGRAM);
    const generic = await reduceProgram(
      '--split',
      'syntax',
      '--input-file',
      plain,
      '--record',
      join(dir, 'generic.jsonl'),
    );
    expect(generic.code).toBe(0);
    expect(JSON.parse(generic.stdout).unparsed ?? 0).toBe(0);
    expect(
      storedConfig(readSession(readFileSync(join(dir, 'generic.jsonl'), 'utf8')).header.config)
        .syntax,
    ).toBeUndefined();
    // --language names the grammar whatever the file's name.
    const named = await reduceProgram(
      '--split',
      'syntax',
      '--language',
      'javascript',
      '--input-file',
      plain,
    );
    expect(JSON.parse(named.stdout)).toMatchObject({
      reduced: summary.reduced,
      calls: summary.calls,
    });
    // A replay needs no grammar and no code: the tree is in the session.
    const replayed = await deltalab('replay', record);
    expect(replayed.code).toBe(0);
  }, 60_000);

  it('says in one line that --language goes with --split syntax, or names the languages', async () => {
    const input = file('again.js', PROGRAM);
    const alone = await reduceProgram('--language', 'javascript', '--input-file', input);
    expect(alone.code).toBe(2);
    expect(oneLine(alone.stderr)).toMatch(/--language goes with --split syntax/);
    const unknown = await reduceProgram(
      '--split',
      'syntax',
      '--language',
      'cobol',
      '--input-file',
      input,
    );
    expect(unknown.code).toBe(2);
    expect(oneLine(unknown.stderr)).toMatch(/unknown --language "cobol"; known: .*javascript/);
  }, 60_000);
});
