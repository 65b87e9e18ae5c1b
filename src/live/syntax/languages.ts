import { htmlDepth } from './html-depth.js';

/**
 * The languages Delta Lab reads by their syntax: each a tree-sitter grammar's own WebAssembly
 * build, shipped in its npm package. More come by adding a grammar package and a line here.
 */
export interface Grammar {
  /** The npm package that ships the grammar. */
  package: string;
  /** The grammar's `.wasm` file in that package. */
  file: string;
  /** The file name endings the language is inferred from. */
  extensions: readonly string[];
  /**
   * How deep a text may nest what the grammar's scanner keeps a stack of, for a grammar whose
   * parse slows down with that depth: a text nested deeper is not read (see {@link Nesting}).
   */
  nesting?: Nesting;
}

/**
 * A bound on nesting, checked in one pass before a parse so that every parse is read in a time
 * linear in the text's length, the same on any machine.
 */
export interface Nesting {
  /** How deep `text` nests, counted up to a little past `limit`. */
  depth(text: string, limit: number): number;
  /** The deepest a text may nest. */
  max: number;
}

/** Every language with a grammar, by the name `--language` takes. */
export const GRAMMARS = {
  javascript: {
    package: 'tree-sitter-javascript',
    file: 'tree-sitter-javascript.wasm',
    extensions: ['.js', '.mjs', '.cjs', '.jsx'],
  },
  typescript: {
    package: 'tree-sitter-typescript',
    file: 'tree-sitter-typescript.wasm',
    extensions: ['.ts', '.mts', '.cts'],
  },
  tsx: { package: 'tree-sitter-typescript', file: 'tree-sitter-tsx.wasm', extensions: ['.tsx'] },
  python: { package: 'tree-sitter-python', file: 'tree-sitter-python.wasm', extensions: ['.py'] },
  c: { package: 'tree-sitter-c', file: 'tree-sitter-c.wasm', extensions: ['.c', '.h'] },
  json: { package: 'tree-sitter-json', file: 'tree-sitter-json.wasm', extensions: ['.json'] },
  html: {
    package: 'tree-sitter-html',
    file: 'tree-sitter-html.wasm',
    extensions: ['.html', '.htm'],
    // Each token costs the scanner as many steps as there are open elements: a megabyte nested
    // 512 deep parses in seconds, 50,000 deep in minutes. Browsers nest no deeper either (the
    // parsers of WebKit and Blink put a 513th element beside the 512th).
    nesting: { depth: htmlDepth, max: 512 },
  },
  css: { package: 'tree-sitter-css', file: 'tree-sitter-css.wasm', extensions: ['.css'] },
} as const satisfies Record<string, Grammar>;

/** A language with a grammar. */
export type Language = keyof typeof GRAMMARS;

/** Every language, in the order `--help` lists them. */
export const LANGUAGES = Object.keys(GRAMMARS) as Language[];

/** Whether `name` names a language with a grammar. */
export function isLanguage(name: unknown): name is Language {
  return typeof name === 'string' && Object.hasOwn(GRAMMARS, name);
}

/** The language a file's name says it is in (by its ending), if any. */
export function languageOfFile(name: string): Language | undefined {
  const lower = name.toLowerCase();
  return LANGUAGES.find((language) =>
    (GRAMMARS[language].extensions as readonly string[]).some((ending) => lower.endsWith(ending)),
  );
}

/**
 * The language a text's first line says it is in, when its file's name says nothing: a `#!`
 * line naming an interpreter (`python3`, `node`), an HTML document type, a C `#include`.
 */
export function languageOfText(text: string): Language | undefined {
  const first = text.slice(0, 200).split('\n', 1)[0]?.trim() ?? '';
  if (first.startsWith('#!')) {
    if (/\bpython[\d.]*\b/.test(first)) return 'python';
    if (/\b(node|deno|bun)\b/.test(first)) return 'javascript';
    return undefined;
  }
  if (/^<!doctype html|^<html\b/i.test(first)) return 'html';
  if (/^#\s*include\s*[<"]/.test(first)) return 'c';
  return undefined;
}
