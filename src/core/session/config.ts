import type { GeneratorConfig } from '../generate/generator.js';
import type { Chase } from '../oracle/chase.js';
import type { Role } from '../oracle/verdict.js';
import type { ReducerName } from '../reduce/types.js';

/** The language of user code. */
export type Language = 'js' | 'ts';

/** User code: inline source text, or a pinned companion file (a path under `examples/`). */
export type CodeRef = { source: string } | { file: string };

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

/** Time and trial budgets. */
export interface Budgets {
  /** Per-call time budget in milliseconds; an overrun is TIMEOUT. */
  callMs: number;
  /** Stop the reduction after this many trials. */
  maxTrials?: number;
  /** Stop the reduction after this many milliseconds. */
  maxMs?: number;
}

/** Everything that determines a session: what the header records. */
export interface SessionConfig {
  /** The lesson this session came from, if any (a folder name under `examples/`). */
  example?: string;
  code: SessionCode;
  /** Where the failing input comes from: the generator, or an input given directly. */
  generator?: GeneratorConfig;
  maxAttempts?: number;
  input?: number[];
  reducer: ReducerName;
  chase: Chase;
  cache: boolean;
  budgets: Budgets;
  /** Re-run every failure this many extra times and report disagreement as flaky. */
  repeats?: number;
}

/** The default per-call budget. */
export const DEFAULT_CALL_MS = 1000;

/** The default attempt limit of a search. */
export const DEFAULT_MAX_ATTEMPTS = 100_000;

/** The roles a session's code defines, in run order. */
export function rolesOf(code: SessionCode): Role[] {
  return code.outcome ? ['outcome'] : ['candidate', 'reference'];
}

/** Checks a config; returns the problems (empty when it can run). */
export function configProblems(config: SessionConfig): string[] {
  const problems: string[] = [];
  const { code } = config;
  if (!code.outcome && !(code.candidate && code.reference)) {
    problems.push('the code needs a candidate and a reference, or an outcome predicate');
  }
  if (!config.generator && !config.input) problems.push('give a generator or an input');
  if (config.input && !config.input.every((x) => Number.isSafeInteger(x))) {
    problems.push('the input must be an array of integers');
  }
  if (!(config.budgets.callMs > 0)) problems.push('the per-call budget must be positive');
  return problems;
}
