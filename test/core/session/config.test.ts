import { describe, expect, it } from 'vitest';
import {
  configProblems,
  type ReduceTask,
  type SessionConfig,
} from '../../../src/core/session/config.js';

/** A session judged by an external command (`deltalab reduce --oracle-cmd`). */
const COMMAND: ReduceTask = {
  task: 'reduce',
  code: { language: 'js', command: { run: 'grep -q x', name: 'input.txt' } },
  kind: 'string',
  split: 'lines',
  input: 'a\nx\n',
  reducer: 'chunks-resume',
  chase: { kind: 'wrong-answer' },
  cache: true,
  budgets: { callMs: 10_000 },
};

describe('configProblems for a session judged by a command', () => {
  it('takes a command with a file name, and a verify switch', () => {
    expect(configProblems(COMMAND)).toEqual([]);
    expect(configProblems({ ...COMMAND, verify: false })).toEqual([]);
  });

  it('refuses a command without a usable file name, or with code beside it', () => {
    for (const name of ['', '.', '..', 'a/b', 'a\\b', 'a\0b']) {
      const config = { ...COMMAND, code: { language: 'js', command: { run: 'true', name } } };
      expect(configProblems(config as SessionConfig)).toContainEqual({ code: 'code.command' });
    }
    const both = {
      ...COMMAND,
      code: { ...COMMAND.code, outcome: { source: 'export const outcome = () => "PASS";' } },
    };
    expect(configProblems(both)).toContainEqual({ code: 'code.command-roles' });
    expect(configProblems({ ...COMMAND, verify: 'no' } as unknown as SessionConfig)).toContainEqual(
      { code: 'config.verify' },
    );
  });
});

describe('configProblems for a program’s language', () => {
  const PROGRAM: ReduceTask = {
    ...COMMAND,
    split: 'syntax',
    reducer: 'syntax',
    input: 'f(a, b);\n',
    language: 'javascript',
  };

  it('takes a grammar’s name with the syntax split, or none', () => {
    expect(configProblems(PROGRAM)).toEqual([]);
    const { language: _language, ...unnamed } = PROGRAM;
    expect(configProblems(unnamed)).toEqual([]);
    // A name no grammar has is well formed here: the run that needs its grammar says it has none.
    expect(configProblems({ ...PROGRAM, language: 'c_sharp-2' })).toEqual([]);
  });

  it('refuses a name that is not one, or a language without the syntax split', () => {
    for (const language of ['', 'JavaScript', '1c', 'a b', 'x'.repeat(41), 7]) {
      expect(configProblems({ ...PROGRAM, language })).toEqual([{ code: 'syntax.language' }]);
    }
    expect(
      configProblems({ ...COMMAND, language: 'javascript' }).map((problem) => problem.code),
    ).toEqual(['syntax.language']);
  });
});
