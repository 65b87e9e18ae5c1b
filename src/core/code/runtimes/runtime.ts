import type { Role } from '../../oracle/verdict.js';

/**
 * What a runtime is, as every layer reads it: the languages whose code it runs, how its code is
 * read without running it (comments, functions), and how its sandbox behaves. Pure data and pure
 * functions; each runtime has a home of its own (`javascript.ts`, `python.ts`), and
 * `registry.ts` names them all. The sandbox itself (a worker, a child process) is each layer's:
 * they keep one table each, keyed by the runtime's name.
 */
export interface RuntimeHome<L extends string = string> {
  /** Its name in sentences (`Python`). */
  title: string;
  /** Its languages and their facts, in menu order. */
  languages: Readonly<Record<L, LanguageFacts>>;
  /** The extension of a lesson's code file in it (a companion under `examples/code/`). */
  companion: string;
  /** Whether the first session format (1.x) held its code (Python's came with format 2.0). */
  inFirstFormat: boolean;
  /**
   * Whether its code is transpiled before a sandbox loads it (a syntax error found without a
   * sandbox); else the sandbox compiles it itself, and places its errors.
   */
  transpiled: boolean;
  /**
   * How long its sandbox may take to start, when that is longer than a run's own start budget
   * (Python's runtime is downloaded, compiled and started): such a runtime is started while the
   * user reads, and a run says how it comes along.
   */
  startMs?: number;
  /**
   * Whether its sandbox loads each code into a runtime of its own, started afresh (from a
   * snapshot): a load waits until that runtime has started, and a sandbox idle after a run is
   * kept for the next one.
   */
  freshRuntimes: boolean;
  /** How comments and strings are written in it (see `withoutComments`). */
  syntax: CodeSyntax;
  /** What to tell a user whose code offers no single entry for a role. */
  entryHints: EntryHints;
  /** The functions a scan of `source` finds for a role to be picked from (see `entry.ts`). */
  scanEntries(source: string): ScannedEntries;
  /** The names of the functions a module defines at its top level, as a scan finds them. */
  functionNames(source: string): string[];
}

/** A language a runtime runs. */
export interface LanguageFacts {
  /** Its name in menus (`TypeScript`). */
  label: string;
  /** The file extensions that mean code in it, its own first (`.ts`, `.mts`, `.cts`). */
  extensions: readonly string[];
  /** The language the code editor (Monaco) shows it in. */
  editor: string;
  /** Whether transpiling strips its types. */
  typed: boolean;
}

/** How comments and strings are written in a language (enough to find its comments). */
export interface CodeSyntax {
  /** What starts a comment that runs to the end of its line (`//`, `#`). */
  lineComment: string;
  /** Whether `/* … *\/` is a comment. */
  blockComments: boolean;
  /** Whether `` ` `` quotes a string (a template, which may span lines). */
  templates: boolean;
  /** Whether a tripled quote (`"""`) opens a string that may span lines. */
  tripleQuotes: boolean;
  /** Whether `/…/` may be a regular expression literal. */
  regexLiterals: boolean;
}

/** The function names a piece of code offers for its role. */
export interface EntryCandidates {
  /** Exported function names (`default` for a default export). */
  exported: readonly string[];
  /** Top-level function names that are not exported. */
  bare: readonly string[];
}

/**
 * What a scan of a source finds: the candidates, and whether the scan is sure of them (a role it
 * cannot pick from them is then a problem told before any code runs).
 */
export interface ScannedEntries {
  candidates: EntryCandidates;
  sure: boolean;
}

/** The last words of the messages for code with several functions, or none, for `role`. */
export interface EntryHints {
  /** How to make one of several bare functions the entry. */
  several(role: Role): string;
  /** The whole message for code that defines none. */
  none(role: Role): string;
}
