import { codePointIndex, type SyntaxTree } from '../../core/input/syntax.js';
import { GRAMMARS, type Language } from './languages.js';

/**
 * Where the WebAssembly files of tree-sitter come from: its runtime's, and each grammar's. Node
 * reads them from `node_modules`; the page fetches them from the site, as it does Pyodide's
 * files, and keeps them in a cache.
 */
export interface GrammarFiles {
  runtime(): Promise<Uint8Array>;
  grammar(file: string, packageName: string): Promise<Uint8Array>;
  /**
   * web-tree-sitter itself, when the host loads it its own way (the command line requires its
   * CommonJS build: its bundle runs where `import()` cannot); imported on first use otherwise.
   */
  module?: () => Promise<TreeSitter>;
}

/** A grammar that could not be loaded, with why. */
export class GrammarError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GrammarError';
  }
}

/** The web-tree-sitter module. */
export type TreeSitter = typeof import('web-tree-sitter');

/** The runtime, loaded once, on first use: nothing of tree-sitter loads before a parse. */
let runtime: Promise<TreeSitter> | undefined;

async function loadRuntime(files: GrammarFiles): Promise<TreeSitter> {
  runtime ??= (async () => {
    const module = files.module ? await files.module() : await import('web-tree-sitter');
    const wasmBinary = await files.runtime();
    await module.Parser.init({ wasmBinary: wasmBinary.buffer as ArrayBuffer });
    return module;
  })();
  try {
    return await runtime;
  } catch (error) {
    runtime = undefined;
    throw new GrammarError(`tree-sitter does not load: ${(error as Error).message}`);
  }
}

/**
 * A parser of one language: it turns a text into the plain {@link SyntaxTree} core reduces, and
 * tells whether a text parses without errors (a trial that does not is refused unrun).
 */
export class SyntaxParser {
  readonly language: Language;
  readonly #parser: InstanceType<TreeSitter['Parser']>;

  private constructor(language: Language, parser: InstanceType<TreeSitter['Parser']>) {
    this.language = language;
    this.#parser = parser;
  }

  /** Loads the grammar of `language` (and, the first time, tree-sitter itself). */
  static async load(language: Language, files: GrammarFiles): Promise<SyntaxParser> {
    const module = await loadRuntime(files);
    const grammar = GRAMMARS[language];
    let bytes: Uint8Array;
    try {
      bytes = await files.grammar(grammar.file, grammar.package);
    } catch (error) {
      throw new GrammarError(
        `the ${language} grammar (${grammar.package}/${grammar.file}) cannot be read: ${(error as Error).message}`,
      );
    }
    let loaded: Awaited<ReturnType<TreeSitter['Language']['load']>>;
    try {
      loaded = await module.Language.load(bytes);
    } catch (error) {
      throw new GrammarError(
        `the ${language} grammar (${grammar.package}/${grammar.file}) does not load: ${(error as Error).message}`,
      );
    }
    const parser = new module.Parser();
    parser.setLanguage(loaded);
    return new SyntaxParser(language, parser);
  }

  /** The text's syntax tree, with spans in code points. */
  parse(text: string): SyntaxTree {
    const tree = this.#parser.parse(text);
    if (!tree) throw new GrammarError(`the ${this.language} parser gave no tree`);
    try {
      const at = codePointIndex(text);
      const types: string[] = [];
      const typeIndex = new Map<string, number>();
      const nodes: number[] = [];
      // Each open node's place in `nodes`, to count its children as they come.
      const open: number[] = [];
      const cursor = tree.walk();
      try {
        for (;;) {
          let index = typeIndex.get(cursor.nodeType);
          if (index === undefined) {
            index = types.push(cursor.nodeType) - 1;
            typeIndex.set(cursor.nodeType, index);
          }
          const parent = open.at(-1);
          if (parent !== undefined) nodes[parent + 3] = (nodes[parent + 3] as number) + 1;
          const place = nodes.length;
          nodes.push(
            index * 2 + (cursor.nodeIsNamed ? 1 : 0),
            at(cursor.startIndex),
            at(cursor.endIndex),
            0,
          );
          if (cursor.gotoFirstChild()) {
            open.push(place);
            continue;
          }
          while (!cursor.gotoNextSibling()) {
            if (!cursor.gotoParent()) return this.#tree(types, nodes, tree.rootNode.hasError, text);
            open.pop();
          }
        }
      } finally {
        cursor.delete();
      }
    } finally {
      tree.delete();
    }
  }

  /** Whether the text parses without errors. */
  parses(text: string): boolean {
    const tree = this.#parser.parse(text);
    if (!tree) return false;
    try {
      return !tree.rootNode.hasError;
    } finally {
      tree.delete();
    }
  }

  #tree(types: string[], nodes: number[], errors: boolean, text: string): SyntaxTree {
    // The root covers the whole text, white space around the program included.
    nodes[1] = 0;
    nodes[2] = Array.from(text).length;
    return { language: this.language, types, nodes, errors };
  }
}
