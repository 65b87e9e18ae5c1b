import { type GeneratorConfig, generatorProblems } from '../generate/generator.js';
import type { Chase } from '../oracle/chase.js';
import type { Role } from '../oracle/verdict.js';
import { isReducerName } from '../reduce/reducers.js';
import type { ReducerName } from '../reduce/types.js';
import { isPin } from './pin.js';

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

/**
 * Bounds on a session: what a run may ask for, and what a file or link may ask a reader to
 * rebuild. A search holds every input it generated, so attempts times input length is bounded
 * too; a hostile file cannot make a reader spin on billions of numbers.
 */
export const LIMITS = {
  attempts: 10_000_000,
  length: 1_000_000,
  generated: 20_000_000,
  code: 200_000,
  repeats: 10,
} as const;

type Json = Record<string, unknown>;

const isObject = (x: unknown): x is Json =>
  typeof x === 'object' && x !== null && !Array.isArray(x);
const isInt = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x);
const isOptional = (x: unknown, test: (x: unknown) => boolean) => x === undefined || test(x);

function codeRefProblem(ref: unknown, role: string): string | null {
  if (ref === undefined) return null;
  if (!isObject(ref)) return `the ${role} code is not an object`;
  if ('source' in ref) {
    if (typeof ref.source !== 'string') return `the ${role} source is not text`;
    return ref.source.length > LIMITS.code
      ? `the ${role} source is longer than ${LIMITS.code} characters`
      : null;
  }
  if (typeof ref.file === 'string' && /^code\/[a-z0-9-]+(\/[a-z0-9-]+)*\.js$/.test(ref.file)) {
    return isOptional(ref.pin, isPin)
      ? null
      : `the ${role} code pin is not a content pin like "fnv1a32:0123abcd"`;
  }
  return `the ${role} code names neither a source nor a lesson file`;
}

/**
 * Checks a session config from anywhere (a run about to start, a file, a link): every field of
 * the right type, within {@link LIMITS}. Returns the problems, empty when it can run.
 */
export function configProblems(value: unknown): string[] {
  if (!isObject(value)) return ['the config is not an object'];
  const problems: string[] = [];
  const check = (ok: boolean, problem: string) => {
    if (!ok) problems.push(problem);
  };
  const code = value.code;
  if (!isObject(code)) return ['the config has no code'];
  check(code.language === 'js' || code.language === 'ts', 'the code language must be js or ts');
  for (const role of ['candidate', 'reference', 'outcome']) {
    const problem = codeRefProblem(code[role], role);
    if (problem) problems.push(problem);
  }
  check(
    code.outcome !== undefined || (code.candidate !== undefined && code.reference !== undefined),
    'the code needs a candidate and a reference, or an outcome predicate',
  );
  check(
    isOptional(value.example, (x) => typeof x === 'string' && x.length <= 100),
    'the example name is not text',
  );
  check(
    typeof value.reducer === 'string' && isReducerName(value.reducer),
    `unknown reducer "${String(value.reducer)}"`,
  );
  const chase = value.chase;
  check(
    isObject(chase) &&
      ['wrong-answer', 'crash', 'timeout'].includes(chase.kind as string) &&
      isOptional(chase.signature, (x) => typeof x === 'string' && x.length <= 1000),
    'the chase is not valid',
  );
  check(typeof value.cache === 'boolean', 'the cache setting is not true or false');
  const budgets = value.budgets;
  if (!isObject(budgets)) problems.push('the config has no budgets');
  else {
    check(
      typeof budgets.callMs === 'number' && budgets.callMs > 0 && budgets.callMs <= 3_600_000,
      'the per-call budget must be a positive number of milliseconds',
    );
    check(
      isOptional(budgets.maxTrials, (x) => isInt(x) && (x as number) >= 0),
      'the trial budget must be a whole number',
    );
    check(
      isOptional(budgets.maxMs, (x) => typeof x === 'number' && x >= 0),
      'the time budget must be a number of milliseconds',
    );
  }
  check(
    isOptional(
      value.repeats,
      (x) => isInt(x) && (x as number) >= 0 && (x as number) <= LIMITS.repeats,
    ),
    `repeats must be a whole number from 0 to ${LIMITS.repeats}`,
  );
  const input = value.input;
  check(
    isOptional(input, (x) => Array.isArray(x) && x.length <= LIMITS.length && x.every(isInt)),
    `the input must be an array of at most ${LIMITS.length} integers`,
  );
  const maxAttempts = value.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  check(
    isInt(maxAttempts) && maxAttempts > 0 && maxAttempts <= LIMITS.attempts,
    `the attempt limit must be a whole number from 1 to ${LIMITS.attempts}`,
  );
  const generator = value.generator;
  if (generator !== undefined) {
    if (!isObject(generator)) problems.push('the generator is not an object');
    else {
      const generatorIssues = generatorProblems(generator as unknown as GeneratorConfig);
      problems.push(...generatorIssues);
      const longest = Math.max(Number(generator.length), Number(generator.maxLength ?? 0));
      if (generatorIssues.length === 0 && longest > LIMITS.length) {
        problems.push(`generated inputs may be at most ${LIMITS.length} long`);
      } else if (
        generatorIssues.length === 0 &&
        isInt(maxAttempts) &&
        maxAttempts * longest > LIMITS.generated
      ) {
        problems.push(
          `the search could generate ${maxAttempts * longest} numbers, more than ${LIMITS.generated}: lower the attempt limit or the length`,
        );
      }
    }
  }
  check(
    input !== undefined || generator !== undefined,
    'the config has neither an input nor a generator',
  );
  return problems;
}
