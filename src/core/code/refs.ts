import type { Role } from '../oracle/verdict.js';

/**
 * The code of a session: which roles it has and where each role's source is. Config, pins and
 * readers all share these shapes.
 */

/** The language of user code. */
export type Language = 'js' | 'ts';

/**
 * User code: inline source text, or a companion file (a path under `examples/`), optionally
 * pinned to the content it had when the session was recorded (see `pin.ts`).
 */
export type CodeRef = { source: string } | { file: string; pin?: string };

/**
 * The code a session runs: a candidate with a reference (wrong-answer mode), or a single
 * `outcome(a)` predicate. Only the roles present are run.
 */
export interface SessionCode {
  language: Language;
  candidate?: CodeRef;
  reference?: CodeRef;
  outcome?: CodeRef;
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
