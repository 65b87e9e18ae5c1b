import { codePointIndex, type SyntaxTree } from '../../core/input/syntax.js';
import { LIMITS } from '../../core/limits.js';
import { type Problem, problemText } from '../../core/text/problems.js';
import { GRAMMARS, type Grammar, type Language } from './languages.js';
import { Slices } from './slices.js';

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

/**
 * A grammar that could not be loaded, or a program it does not read, with why; `problem` says it
 * in every language of the product, when it is a known one.
 */
export class GrammarError extends Error {
  readonly problem: Problem | undefined;

  constructor(message: string, problem?: Problem) {
    super(message);
    this.name = 'GrammarError';
    this.problem = problem;
  }
}

/** The web-tree-sitter module. */
export type TreeSitter = typeof import('web-tree-sitter');

/** A grammar, loaded. */
type LoadedGrammar = InstanceType<TreeSitter['Language']>;

/** How many nodes a walk goes through between two looks at the clock. */
const CLOCK_NODES = 4096;

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
 * tells whether a text parses without errors (a trial that does not is refused unrun). A text
 * nested deeper than its grammar reads in linear time is not read (see {@link Grammar.nesting}).
 */
export class SyntaxParser {
  readonly language: Language;
  readonly #module: TreeSitter;
  readonly #grammar: LoadedGrammar;
  /** The parser of {@link parses}, kept: `parse` makes its own, as it may pause. */
  readonly #parser: InstanceType<TreeSitter['Parser']>;

  private constructor(language: Language, module: TreeSitter, grammar: LoadedGrammar) {
    this.language = language;
    this.#module = module;
    this.#grammar = grammar;
    this.#parser = new module.Parser();
    this.#parser.setLanguage(grammar);
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
    let loaded: LoadedGrammar;
    try {
      loaded = await module.Language.load(bytes);
    } catch (error) {
      throw new GrammarError(
        `the ${language} grammar (${grammar.package}/${grammar.file}) does not load: ${(error as Error).message}`,
      );
    }
    return new SyntaxParser(language, module, loaded);
  }

  /**
   * The text's syntax tree, with spans in code points. The parse works in slices of time and
   * lets the rest of its thread run between them (a Ctrl-C, a cancel): `cancelled` turning true
   * meanwhile stops it with {@link Cancelled}. A {@link GrammarError} for a text nested too
   * deep, or whose tree has more nodes than an input has elements.
   */
  async parse(text: string, cancelled?: () => boolean): Promise<SyntaxTree> {
    const deep = this.tooDeep(text);
    if (deep) throw new GrammarError(problemText(deep), deep);
    const slices = new Slices(cancelled);
    const parser = new this.#module.Parser();
    try {
      parser.setLanguage(this.#grammar);
      let paused = false;
      const progressCallback = () => {
        paused = slices.over();
        return paused;
      };
      // A parse its progress callback stopped goes on where it stopped when asked again.
      let tree = parser.parse(text, null, { progressCallback });
      while (!tree && paused) {
        await slices.next();
        tree = parser.parse(text, null, { progressCallback });
      }
      if (!tree) throw new GrammarError(`the ${this.language} parser gave no tree`);
      try {
        return await this.#flatten(tree, text, slices);
      } finally {
        tree.delete();
      }
    } finally {
      parser.delete();
    }
  }

  /** Whether the text parses without errors (and is not nested too deep to read). */
  parses(text: string): boolean {
    if (this.tooDeep(text)) return false;
    const tree = this.#parser.parse(text);
    if (!tree) return false;
    try {
      return !tree.rootNode.hasError;
    } finally {
      tree.delete();
    }
  }

  /** Why the text is nested too deep for the grammar to read, if it is (one linear pass). */
  tooDeep(text: string): Problem | undefined {
    const { nesting }: Grammar = GRAMMARS[this.language];
    if (!nesting || nesting.depth(text, nesting.max) <= nesting.max) return undefined;
    return { code: 'syntax.too-deep', values: { language: this.language, max: nesting.max } };
  }

  /** The tree as {@link SyntaxTree}'s flat numbers, walked in slices as the parse was. */
  async #flatten(
    tree: NonNullable<ReturnType<InstanceType<TreeSitter['Parser']>['parse']>>,
    text: string,
    slices: Slices,
  ): Promise<SyntaxTree> {
    const at = codePointIndex(text);
    const types: string[] = [];
    const typeIndex = new Map<string, number>();
    const nodes: number[] = [];
    // Each open node's place in `nodes`, to count its children as they come.
    const open: number[] = [];
    const cursor = tree.walk();
    try {
      for (;;) {
        if (nodes.length >= 4 * LIMITS.length) throw this.#tooBig();
        if (nodes.length % (4 * CLOCK_NODES) === 0 && slices.over()) await slices.next();
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
  }

  #tooBig(): GrammarError {
    const problem: Problem = {
      code: 'syntax.too-big',
      values: { language: this.language, max: LIMITS.length },
    };
    return new GrammarError(problemText(problem), problem);
  }

  #tree(types: string[], nodes: number[], errors: boolean, text: string): SyntaxTree {
    // The root covers the whole text, white space around the program included.
    nodes[1] = 0;
    nodes[2] = Array.from(text).length;
    return { language: this.language, types, nodes, errors };
  }
}
