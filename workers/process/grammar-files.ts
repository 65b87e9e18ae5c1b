import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { GrammarFiles, TreeSitter } from '../../src/live/syntax/parser.js';

/**
 * tree-sitter's WebAssembly files as Node finds them: in the npm packages that ship them
 * (web-tree-sitter, and one package per grammar), read when a grammar is first needed.
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
