import type { Split } from '../../core/input/kinds.js';
import type { SessionConfig, StoredConfig } from '../../core/session/task.js';
import { isLanguage, LANGUAGES, type Language } from '../../live/syntax/languages.js';

/**
 * The language of a program the page reduces: a grammar's (its tree read by tree-sitter), or
 * `other`, text no grammar reads (reduced by the generic moves: lines, brackets, tokens).
 */
export type ProgramLanguage = Language | 'other';

/** How Compare cuts a program, one row each: by lines, by characters, by its syntax. */
export const PROGRAM_SPLITS: Split[] = ['lines', 'chars', 'syntax'];

/** Every program language, in menu order. */
export const PROGRAM_LANGUAGES: readonly ProgramLanguage[] = [...LANGUAGES, 'other'];

/** Each program language's name, as its menu shows it. */
export const PROGRAM_NAMES: Readonly<Record<Language, string>> = {
  javascript: 'JavaScript',
  typescript: 'TypeScript',
  tsx: 'TSX',
  python: 'Python',
  c: 'C',
  json: 'JSON',
  html: 'HTML',
  css: 'CSS',
};

/**
 * The name of the grammar a run of `workspace` reads its program with before anything runs (a
 * program cut by its syntax, in a language with a grammar), else `undefined`.
 */
export function grammarName(workspace: {
  kind: string;
  split: Split;
  program?: ProgramLanguage | undefined;
}): string | undefined {
  const { kind, split, program } = workspace;
  if (kind !== 'string' || split !== 'syntax' || program === undefined || program === 'other') {
    return undefined;
  }
  return PROGRAM_NAMES[program];
}

/** The language Monaco shows a program of `language` in (plain text for `other`). */
export function editorMode(language: ProgramLanguage): string {
  if (language === 'other') return 'plaintext';
  return language === 'tsx' ? 'typescript' : language;
}

/** Whether `value` names a program language. */
export function isProgramLanguage(value: unknown): value is ProgramLanguage {
  return value === 'other' || isLanguage(value);
}

/**
 * The program language a session config reduces, if it reduces a program: the language it
 * names, else its tree's, else `other` when its text is cut by its syntax with no grammar.
 */
export function programLanguageOf(config: SessionConfig): ProgramLanguage | undefined {
  if (config.task !== 'reduce') return undefined;
  const named = config.language ?? config.syntax?.language;
  if (isProgramLanguage(named)) return named;
  return config.split === 'syntax' ? 'other' : undefined;
}

/** The config of a program in `program`: the grammar it is parsed with, when it has one. */
export function withProgram(
  program: ProgramLanguage | undefined,
  config: StoredConfig,
): StoredConfig {
  return config.kind === 'string' &&
    config.split === 'syntax' &&
    program !== undefined &&
    program !== 'other'
    ? { ...config, language: program }
    : config;
}
