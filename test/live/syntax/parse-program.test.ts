import { describe, expect, it } from 'vitest';
import type { ReduceTask } from '../../../src/core/session/config.js';
import { storedConfig } from '../../../src/core/session/task.js';
import { parserOf, withProgramTree } from '../../../src/live/syntax/parse-program.js';
import { GrammarError, type GrammarFiles } from '../../../src/live/syntax/parser.js';
import { unparsedRefusal } from '../../../src/live/syntax/refuse.js';
import { nodeGrammarFiles } from '../../../workers/process/grammar-files.js';

/** Grammar files that count how often each grammar was read. */
function counted(): GrammarFiles & { reads: string[] } {
  const files = nodeGrammarFiles();
  const reads: string[] = [];
  return {
    ...files,
    reads,
    grammar: (file, packageName) => {
      reads.push(file);
      return files.grammar(file, packageName);
    },
  };
}

const PROGRAM: ReduceTask = {
  task: 'reduce',
  code: { language: 'js', outcome: { source: 'export const outcome = () => "FAIL";' } },
  kind: 'string',
  split: 'syntax',
  reducer: 'syntax',
  language: 'json',
  input: '{"a": [1, 2]}',
  chase: { kind: 'wrong-answer' },
  cache: true,
  budgets: { callMs: 1000 },
};

describe('unparsedRefusal', () => {
  it('refuses the texts that do not parse, while the program itself parses', async () => {
    const parser = await parserOf('json', nodeGrammarFiles());
    const refuse = unparsedRefusal(parser, await parser.parse('[1, 2]'));
    expect(refuse?.('[1]')).toBeUndefined();
    expect(refuse?.('[1,')).toBe('does not parse as json');
    // A program that does not parse: the failure may be its syntax error, every trial runs.
    expect(unparsedRefusal(parser, await parser.parse('[1,'))).toBeUndefined();
  });
});

describe('a program’s parser and tree', () => {
  it('reads a grammar once for the files it comes from', async () => {
    const files = counted();
    const [a, b] = await Promise.all([parserOf('css', files), parserOf('css', files)]);
    expect(a).toBe(await parserOf('css', files));
    expect(b).toBe(a);
    expect(files.reads).toEqual(['tree-sitter-css.wasm']);
  });

  it('reads a grammar again after it failed to load', async () => {
    const files = nodeGrammarFiles();
    let fail = true;
    const flaky: GrammarFiles = {
      ...files,
      grammar: (file, packageName) =>
        fail ? Promise.reject(new Error('offline')) : files.grammar(file, packageName),
    };
    await expect(parserOf('html', flaky)).rejects.toThrow(/cannot be read: offline/);
    fail = false;
    expect((await parserOf('html', flaky)).language).toBe('html');
  });

  it('puts the tree in the config of a program with a language, and refuses what does not parse', async () => {
    const { config, refuse } = await withProgramTree(PROGRAM, nodeGrammarFiles());
    expect(config).toMatchObject({ ...PROGRAM, syntax: { language: 'json', errors: false } });
    expect(refuse?.('{"a": [1, 2}')).toBe('does not parse as json');
    // A tree the config holds already is kept.
    const kept = await withProgramTree(config, nodeGrammarFiles());
    expect(storedConfig(kept.config).syntax).toBe(storedConfig(config).syntax);
  });

  it('leaves any other config as it is, and names the languages there are', async () => {
    const files = counted();
    const { language: _language, ...unnamed } = PROGRAM;
    for (const config of [unnamed, { ...PROGRAM, split: 'chars' as const }]) {
      expect(await withProgramTree(config, files)).toEqual({ config });
    }
    expect(await withProgramTree(PROGRAM, undefined)).toEqual({ config: PROGRAM });
    expect(files.reads).toEqual([]);
    const cobol = withProgramTree({ ...PROGRAM, language: 'cobol' }, undefined);
    await expect(cobol).rejects.toThrow(GrammarError);
    await expect(cobol).rejects.toThrow(
      'no grammar reads "cobol"; known languages: javascript, typescript, tsx, python, c, json, html, css',
    );
  });
});
