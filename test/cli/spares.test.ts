import { describe, expect, it } from 'vitest';
import { sparesWanted } from '../../src/cli/spares.js';

describe('sparesWanted: the sandboxes a command line will ask for', () => {
  it('counts a pair for a lesson with a candidate and a reference, one for a predicate', () => {
    expect(sparesWanted('reduce', [])).toBe(2);
    expect(sparesWanted('reduce', ['--example', 'article-ddmin'])).toBe(2);
    expect(sparesWanted('reduce', ['--example', 'cache'])).toBe(1);
    expect(sparesWanted('reduce', ['--example=cache', '--no-cache'])).toBe(1);
    expect(sparesWanted('reduce', ['--module', 'mine.ts'])).toBe(2);
  });

  it('counts the pair alone for verify (its corrected candidate runs in the candidate’s sandbox), and N pairs for --jobs N', () => {
    expect(sparesWanted('verify', ['--exhaustive'])).toBe(2);
    expect(sparesWanted('verify', ['--exhaustive', '--example', 'cache'])).toBe(1);
    expect(sparesWanted('reduce', ['--jobs', '3'])).toBe(6);
    expect(sparesWanted('reduce', ['--example', 'cache', '--jobs', '2'])).toBe(2);
    expect(sparesWanted('reduce', ['--jobs', '64'])).toBe(2);
  });

  it('asks for none where no JavaScript sandbox runs or the line is unclear', () => {
    expect(sparesWanted('generate', ['--seed', '1'])).toBe(0);
    expect(sparesWanted('replay', ['s.jsonl'])).toBe(0);
    expect(sparesWanted(undefined, [])).toBe(0);
    expect(sparesWanted('reduce', ['--help'])).toBe(0);
    expect(sparesWanted('reduce', ['--oracle-cmd', 'grep -q x', '--input-file', 'f'])).toBe(0);
    expect(sparesWanted('reduce', ['--module', 'mine.py'])).toBe(0);
    expect(sparesWanted('reduce', ['--example', 'article-python'])).toBe(0);
    expect(sparesWanted('reduce', ['--example', 'no-such-lesson'])).toBe(0);
    expect(sparesWanted('reduce', ['--example', '../../etc'])).toBe(0);
  });

  it('counts for isolate as for reduce: a pair with code, none for a command or commits', () => {
    expect(sparesWanted('isolate', ['--module', 'strip.js', '--fail', '"x"'])).toBe(2);
    expect(sparesWanted('isolate', ['--example', 'cache', '--jobs', '2'])).toBe(2);
    expect(sparesWanted('isolate', ['--module', 'strip.py'])).toBe(0);
    expect(sparesWanted('isolate', ['--oracle-cmd', 'sh t.sh', '--pass-file', 'a'])).toBe(0);
    expect(sparesWanted('isolate', ['--git', 'v1', 'v2', '--oracle-cmd', 'make test'])).toBe(0);
    expect(sparesWanted('isolate', ['--help'])).toBe(0);
  });
});
