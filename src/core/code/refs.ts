import type { Role } from '../oracle/verdict.js';
import type { Language } from './runtimes/registry.js';

/**
 * The code of a session: which roles it has and where each role's source is. Config, pins and
 * readers all share these shapes.
 */

export type { Language, Runtime } from './runtimes/registry.js';
export { runtimeOf } from './runtimes/registry.js';

/**
 * User code: inline source text, or a companion file (a path under `examples/`), optionally
 * pinned to the content it had when the session was recorded (see `pin.ts`).
 */
export type CodeRef = { source: string } | { file: string; pin?: string };

/**
 * An external command that judges each trial, as reducers such as C-Reduce and picire run an
 * "interestingness test": the trial is written to a file (named `name`) and given on stdin, and
 * `{}` in `run` stands for that file's path (it is appended when `run` has no `{}`). Exit status
 * 0 is FAIL (the input is interesting), `invalidExit` is INVALID, any other is PASS; with
 * `expectStderr` / `expectStdout`, FAIL also needs that text in the output.
 */
export interface CommandSpec {
  run: string;
  /** The trial file's name (the input file's, so that its extension still tells what it is). */
  name: string;
  invalidExit?: number;
  expectStderr?: string;
  expectStdout?: string;
  /**
   * What a trial is when it is not one file's text: a `folder` of files (an array of
   * `FolderUnit`s: the pieces of the files that differ, and whole files added or removed) or a
   * `git` worktree (an array of `HunkUnit`s, the hunks of a `git diff` applied). `{}` then names
   * the folder, which the command runs in (its path is not appended to `run`).
   */
  tree?: CommandTree;
}

/** What the trials of a command are made of besides one file: see {@link CommandSpec.tree}. */
export type CommandTree = 'folder' | 'git';

/**
 * The code a session runs: a candidate with a reference (wrong-answer mode), a single
 * `outcome(a)` predicate, or an external `command` (the command line only; its outcomes are data
 * in the session, which the playground replays). Only the roles present are run.
 */
export interface SessionCode {
  language: Language;
  candidate?: CodeRef;
  reference?: CodeRef;
  outcome?: CodeRef;
  command?: CommandSpec;
}

/** The sources of a session's code, resolved to text. */
export interface ResolvedCode {
  language: Language;
  candidate?: string;
  reference?: string;
  outcome?: string;
}

/** The file name a role's code runs under (it names the user's frames in stacks): `candidate.ts`. */
export function codeFileName(spec: { role: Role; language: Language }): string {
  return `${spec.role}.${spec.language}`;
}

/**
 * The roles that judge inputs: an `outcome` predicate when the code has one, else a candidate
 * checked against a reference.
 */
export function judgingRoles(code: { outcome?: unknown }): Role[] {
  return code.outcome !== undefined ? ['outcome'] : ['candidate', 'reference'];
}
