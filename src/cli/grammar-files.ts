import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { SyntaxTree } from '../core/input/syntax.js';
import type { Language } from '../live/syntax/languages.js';
import {
  GrammarError,
  type GrammarFiles,
  SyntaxParser,
  type TreeSitter,
} from '../live/syntax/parser.js';
import { UsageError } from './usage-error.js';

/**
 * tree-sitter's WebAssembly files as the command line finds them: in the npm packages that ship
 * them (web-tree-sitter, and one package per grammar), read when a grammar is first needed.
 */
export function nodeGrammarFiles(): GrammarFiles {
  const require = createRequire(import.meta.url);
  return {
    runtime: async () => readFile(require.resolve('web-tree-sitter/web-tree-sitter.wasm')),
    grammar: async (file, packageName) =>
      readFile(join(dirname(require.resolve(`${packageName}/package.json`)), file)),
    // Required at run time, never bundled: its CommonJS build, from node_modules.
    module: async () => require('web-tree-sitter') as TreeSitter,
  };
}

/**
 * The parser of `language` with the grammar loaded from the npm packages, and the tree of
 * `input` (what the syntax reducer cuts); a grammar that cannot be loaded is a usage error.
 */
export async function parsedInput(
  language: Language,
  input: string,
): Promise<{ parser: SyntaxParser; syntax: SyntaxTree }> {
  try {
    const parser = await SyntaxParser.load(language, nodeGrammarFiles());
    return { parser, syntax: parser.parse(input) };
  } catch (error) {
    if (error instanceof GrammarError) throw new UsageError(error.message);
    throw error;
  }
}
