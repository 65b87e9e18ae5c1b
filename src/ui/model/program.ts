import type { Split } from '../../core/input/kinds.js';
import { defaultReducer, REDUCERS } from '../../core/reduce/reducers.js';
import type { SessionConfig } from '../../core/session/config.js';
import { isLanguage, LANGUAGES, type Language } from '../../live/syntax/languages.js';
import type { Workspace } from './workspace.js';

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
export function programOf(config: SessionConfig): ProgramLanguage | undefined {
  const named = config.language ?? config.syntax?.language;
  if (isProgramLanguage(named)) return named;
  return config.split === 'syntax' ? 'other' : undefined;
}

/** The config of a workspace's program: the grammar it is parsed with, when it has one. */
export function withProgram(workspace: Workspace, config: SessionConfig): SessionConfig {
  const { program } = workspace;
  return workspace.kind === 'string' &&
    workspace.split === 'syntax' &&
    program !== undefined &&
    program !== 'other'
    ? { ...config, language: program }
    : config;
}

/**
 * The workspace with its settings fitted to its input kind: a reducer that cannot reduce the
 * kind gives way to the kind's default, text cut by its syntax goes to the syntax reducer (and
 * back to the default when cut otherwise), a tree or a program (never generated) is pasted, and
 * only text is a program.
 */
export function fitKind(workspace: Workspace): Workspace {
  const syntax = workspace.kind === 'string' && workspace.split === 'syntax';
  const fits =
    REDUCERS[workspace.reducer].kinds.includes(workspace.kind) &&
    (workspace.reducer === 'syntax') === syntax;
  const reducer = syntax ? 'syntax' : fits ? workspace.reducer : defaultReducer(workspace.kind);
  const program = workspace.kind === 'string' ? workspace.program : undefined;
  const split =
    workspace.kind !== 'string' && workspace.split === 'syntax' ? 'chars' : workspace.split;
  const source = workspace.kind === 'json' || program !== undefined ? 'paste' : workspace.source;
  if (
    reducer === workspace.reducer &&
    source === workspace.source &&
    split === workspace.split &&
    program === workspace.program
  ) {
    return workspace;
  }
  const { program: _, ...rest } = workspace;
  return { ...rest, reducer, source, split, ...(program !== undefined ? { program } : {}) };
}
