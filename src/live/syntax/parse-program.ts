import type { Json, Split } from '../../core/input/kinds.js';
import type { SyntaxTree } from '../../core/input/syntax.js';
import type { Refusal } from '../../core/oracle/refusal.js';
import type { SessionConfig } from '../../core/session/config.js';
import { isLanguage, LANGUAGES, type Language } from './languages.js';
import { GrammarError, type GrammarFiles, SyntaxParser } from './parser.js';
import { unparsedRefusal } from './refuse.js';

/** A program about to be reduced by its syntax: its tree, and what refuses unparsed trials. */
export interface ParsedProgram {
  syntax: SyntaxTree;
  /** Absent when the program itself does not parse (see {@link unparsedRefusal}). */
  refuse?: Refusal;
}

/** A live run's config with its program's tree, and what refuses its trials that do not parse. */
export interface ProgramRun<C extends SessionConfig = SessionConfig> {
  config: C;
  refuse?: Refusal;
}

/** The parsers loaded so far, by the files their grammars were read from, then by language. */
const loaded = new WeakMap<GrammarFiles, Map<Language, Promise<SyntaxParser>>>();

/**
 * The parser of `language`, its grammar read from `files` once and kept; a grammar that does
 * not load is tried again the next time it is asked for.
 */
export function parserOf(language: Language, files: GrammarFiles): Promise<SyntaxParser> {
  const parsers = loaded.get(files) ?? new Map<Language, Promise<SyntaxParser>>();
  loaded.set(files, parsers);
  const kept = parsers.get(language);
  if (kept) return kept;
  const loading = SyntaxParser.load(language, files);
  parsers.set(language, loading);
  loading.catch(() => parsers.delete(language));
  return loading;
}

/** The grammar's language that `name` names; a {@link GrammarError} saying which exist if none. */
function languageNamed(name: string): Language {
  if (isLanguage(name)) return name;
  throw new GrammarError(`no grammar reads "${name}"; known languages: ${LANGUAGES.join(', ')}`);
}

/**
 * The program `text` in `language`, parsed by its grammar read from `files` (or, given `tree`,
 * the tree it had), and what refuses its trials that do not parse. Throws a
 * {@link GrammarError} when the grammar cannot be loaded or does not read the text (nested too
 * deep), and `Cancelled` when `cancelled` turns true during the parse.
 */
async function parseProgram(
  language: Language,
  text: string,
  files: GrammarFiles,
  tree?: SyntaxTree,
  cancelled?: () => boolean,
): Promise<ParsedProgram> {
  const parser = await parserOf(language, files);
  const syntax = tree ?? (await parser.parse(text, cancelled));
  const refuse = unparsedRefusal(parser, syntax);
  return refuse ? { syntax, refuse } : { syntax };
}

/** What says whether a text is a program to parse, and how: a session config's, or a comparison's. */
export interface ProgramText {
  split?: Split;
  /** The program's language (a grammar's name). */
  language?: string;
  input?: Json;
  /** The tree the program had, when it has one already (it is then not parsed again). */
  syntax?: SyntaxTree;
}

/**
 * The program of a text reduced by its syntax (`split: 'syntax'`, a `language`, a text `input`),
 * parsed by its grammar read from `files` as {@link parseProgram} does; none for any other text,
 * or without `files` (the syntax reducer's generic moves). Throws a {@link GrammarError} for a
 * language with no grammar, a grammar that cannot be loaded or a text it does not read, and
 * `Cancelled` when `cancelled` turns true during the parse.
 */
export async function programOf(
  text: ProgramText,
  files: GrammarFiles | undefined,
  cancelled?: () => boolean,
): Promise<ParsedProgram | undefined> {
  const { language, input } = text;
  if (text.split !== 'syntax' || language === undefined || typeof input !== 'string') {
    return undefined;
  }
  const known = languageNamed(language);
  return files ? parseProgram(known, input, files, text.syntax, cancelled) : undefined;
}

/**
 * A live run's config with its program's tree (see {@link programOf}), so that the recorded
 * session holds the tree and replays with no parser, and what refuses the trials that do not
 * parse; any other config as it is.
 */
export async function withProgramTree<C extends SessionConfig>(
  config: C,
  files: GrammarFiles | undefined,
  cancelled?: () => boolean,
): Promise<ProgramRun<C>> {
  const program = await programOf(config, files, cancelled);
  // Only a reduction cuts a program by its syntax.
  if (!program || config.task !== 'reduce') return { config };
  const { syntax, refuse } = program;
  return { config: { ...config, syntax }, ...(refuse ? { refuse } : {}) };
}
