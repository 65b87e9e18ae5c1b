import c from 'tree-sitter-c/tree-sitter-c.wasm?url';
import css from 'tree-sitter-css/tree-sitter-css.wasm?url';
import html from 'tree-sitter-html/tree-sitter-html.wasm?url';
import javascript from 'tree-sitter-javascript/tree-sitter-javascript.wasm?url';
import json from 'tree-sitter-json/tree-sitter-json.wasm?url';
import python from 'tree-sitter-python/tree-sitter-python.wasm?url';
import tsx from 'tree-sitter-typescript/tree-sitter-tsx.wasm?url';
import typescript from 'tree-sitter-typescript/tree-sitter-typescript.wasm?url';
import runtime from 'web-tree-sitter/web-tree-sitter.wasm?url';
import type { GRAMMARS, Language } from '../../src/live/syntax/languages.js';
import type { GrammarFiles } from '../../src/live/syntax/parser.js';
import { openSiteCache } from './site-cache.js';

/** The file name of each grammar's WebAssembly build. */
type GrammarFile = (typeof GRAMMARS)[Language]['file'];

/**
 * Each grammar's file as the built site holds it: emitted by Vite next to the app's own assets,
 * one per language of `GRAMMARS`. Only their URLs are here: nothing is fetched before a parse.
 */
const GRAMMAR_URLS: Readonly<Record<GrammarFile, string>> = {
  'tree-sitter-javascript.wasm': javascript,
  'tree-sitter-typescript.wasm': typescript,
  'tree-sitter-tsx.wasm': tsx,
  'tree-sitter-python.wasm': python,
  'tree-sitter-c.wasm': c,
  'tree-sitter-json.wasm': json,
  'tree-sitter-html.wasm': html,
  'tree-sitter-css.wasm': css,
};

/** The cache the grammars are kept in, so that a program parses offline once it has been. */
export const GRAMMAR_CACHE = 'deltalab-grammars';

/**
 * tree-sitter's WebAssembly files as the page has them: fetched from the site when a program is
 * first parsed (web-tree-sitter's JavaScript is a lazy chunk, imported then too), and kept in
 * the {@link GRAMMAR_CACHE} cache for the next visit. A file that cannot be had rejects with a
 * sentence saying which and why.
 */
export function browserGrammarFiles(): GrammarFiles {
  return {
    runtime: () => fetchKept(runtime, 'web-tree-sitter.wasm'),
    grammar: async (file) => {
      const url = Object.hasOwn(GRAMMAR_URLS, file) ? GRAMMAR_URLS[file as GrammarFile] : undefined;
      if (url === undefined) throw new Error(`the site has no grammar file ${file}`);
      return fetchKept(url, file);
    },
  };
}

/** A file of the site, from the cache when an earlier visit kept it, else fetched and kept. */
async function fetchKept(url: string, name: string): Promise<Uint8Array> {
  const cache = await openSiteCache(GRAMMAR_CACHE);
  const kept = await cache?.match(url).catch(() => undefined);
  if (kept) return new Uint8Array(await kept.arrayBuffer());
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new Error(`${name} could not be downloaded (${String(error)}): is the page offline?`);
  }
  if (!response.ok) throw new Error(`${name} could not be downloaded (HTTP ${response.status})`);
  const bytes = await response.arrayBuffer();
  await cache?.put(url, new Response(bytes.slice(0))).catch(() => {});
  return new Uint8Array(bytes);
}
