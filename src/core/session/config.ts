import { judgingRoles } from '../code/refs.js';
import { COMPANION_EXTENSIONS, isCodeLanguage } from '../code/runtimes/registry.js';
import { type GeneratorConfig, generatorProblems } from '../generate/generator.js';
import { KINDS } from '../input/kinds/registry.js';
import { type InputKind, isInputKind, isSplit } from '../input/kinds.js';
import { syntaxTreeProblem } from '../input/syntax.js';
import { sizeOf } from '../input/value.js';
import { LIMITS } from '../limits.js';
import { isChaseKind } from '../oracle/chase.js';
import { ROLES } from '../oracle/verdict.js';
import { isReducerName, REDUCERS, readsSyntax } from '../reduce/reducers.js';
import type { ReducerName } from '../reduce/types.js';
import type { Problem, ProblemCode } from '../text/problems.js';
import { type Fields, isInt, isObject, isOptional } from './checks.js';
import { inputProblem } from './input-problem.js';
import { isolationProblems } from './isolation-config.js';
import { isPin } from './pin.js';
import { type SessionConfig, storedConfig, TASKS, type Task } from './task.js';

export { inputProblem } from './input-problem.js';
export type { ChangesConfig, IsolateConfig } from './isolation-config.js';
export type {
  Budgets,
  ChangesTask,
  CommonConfig,
  HistoryTask,
  IsolateTask,
  IsolatingTask,
  ReduceTask,
  SessionConfig,
  StoredConfig,
  Task,
} from './task.js';

/** What a language's name looks like (a grammar's: lower case, at most 40 characters). */
const LANGUAGE_NAME = /^[a-z][a-z0-9_-]{0,39}$/;

/** The default attempt limit of a search. */
export const DEFAULT_MAX_ATTEMPTS = 100_000;

/** Whether `value` is a usable {@link CommandSpec}. */
function isCommand(value: unknown): boolean {
  if (!isObject(value)) return false;
  const text = (x: unknown, max: number) =>
    typeof x === 'string' && x.length > 0 && x.length <= max;
  return (
    text(value.run, LIMITS.code) &&
    text(value.name, 255) &&
    !/[/\\\0]/.test(value.name as string) &&
    value.name !== '.' &&
    value.name !== '..' &&
    isOptional(value.invalidExit, (x) => isInt(x) && x > 0 && x < 256) &&
    isOptional(value.expectStderr, (x) => text(x, LIMITS.code)) &&
    isOptional(value.expectStdout, (x) => text(x, LIMITS.code)) &&
    isOptional(value.tree, (x) => x === 'folder' || x === 'git')
  );
}

/** A lesson's code file: `code/…/name.js` (an extension of a runtime's lessons). */
const COMPANION = new RegExp(
  `^code/[a-z0-9-]+(/[a-z0-9-]+)*\\.(${COMPANION_EXTENSIONS.join('|')})$`,
);

function codeRefProblem(ref: unknown, role: string): Problem | null {
  if (ref === undefined) return null;
  if (!isObject(ref)) return { code: 'code.not-object', values: { role } };
  if ('source' in ref) {
    if (typeof ref.source !== 'string') return { code: 'code.source-not-text', values: { role } };
    return ref.source.length > LIMITS.code
      ? { code: 'code.source-too-long', values: { role, limit: LIMITS.code } }
      : null;
  }
  if (typeof ref.file === 'string' && COMPANION.test(ref.file)) {
    return isOptional(ref.pin, isPin) ? null : { code: 'code.bad-pin', values: { role } };
  }
  return { code: 'code.no-ref', values: { role } };
}

/**
 * Checks a session config from anywhere (a run about to start, a file, a link): every field of
 * the right type, within {@link LIMITS}. Returns the problems, to be put in any language with
 * `problemText`; empty when it can run.
 */
export function configProblems(given: unknown): Problem[] {
  if (!isObject(given)) return [{ code: 'config.not-object' }];
  if ('task' in given && !TASKS.includes(given.task as Task)) {
    return [{ code: 'config.task', values: { name: String(given.task) } }];
  }
  const value: Fields =
    'task' in given
      ? (storedConfig(given as unknown as SessionConfig) as unknown as Fields)
      : given;
  const problems: Problem[] = [];
  const check = (ok: boolean, code: ProblemCode, values?: Problem['values']) => {
    if (!ok) problems.push(values ? { code, values } : { code });
  };
  const code = value.code;
  if (!isObject(code)) return [{ code: 'config.no-code' }];
  check(isCodeLanguage(code.language), 'code.language');
  for (const role of ROLES) {
    const problem = codeRefProblem(code[role], role);
    if (problem) problems.push(problem);
  }
  if (code.command !== undefined) {
    check(isCommand(code.command), 'code.command');
    check(
      ROLES.every((role) => code[role] === undefined),
      'code.command-roles',
    );
  } else {
    check(
      judgingRoles(code).every((role) => code[role] !== undefined),
      'code.roles',
    );
  }
  check(
    isOptional(value.verify, (x) => typeof x === 'boolean'),
    'config.verify',
  );
  check(
    isOptional(value.example, (x) => typeof x === 'string' && x.length <= 100),
    'example.name',
  );
  check(
    isOptional(
      value.about,
      (x) =>
        isObject(x) &&
        typeof x.title === 'string' &&
        x.title.length <= 200 &&
        typeof x.notes === 'string' &&
        x.notes.length <= 20_000,
    ),
    'config.about',
  );
  check(isOptional(value.kind, isInputKind), 'kind.unknown', { name: String(value.kind) });
  check(
    isOptional(value.split, isSplit) &&
      (value.split === undefined || (isInputKind(value.kind) && KINDS[value.kind].splits)),
    'split.invalid',
  );
  // The reducers that read a syntax tree (syntax, pipeline) and the syntax split go together, and
  // a tree only with them.
  const readsTree = typeof value.reducer === 'string' && isReducerName(value.reducer);
  check(
    (value.split === 'syntax') === (readsTree && readsSyntax(value.reducer as ReducerName)) &&
      (value.syntax === undefined || value.split === 'syntax'),
    'split.syntax',
  );
  check(
    isOptional(
      value.language,
      (x) => typeof x === 'string' && LANGUAGE_NAME.test(x) && value.split === 'syntax',
    ),
    'syntax.language',
  );
  if (value.syntax !== undefined) {
    const text = typeof value.input === 'string' ? value.input : '';
    const problem = syntaxTreeProblem(
      value.syntax,
      sizeOf(text, { kind: 'string', split: 'syntax' }),
    );
    if (problem) problems.push({ code: 'syntax.tree', values: { problem } });
  }
  const kind: InputKind = isInputKind(value.kind) ? value.kind : 'int-array';
  check(typeof value.reducer === 'string' && isReducerName(value.reducer), 'reducer.unknown', {
    name: String(value.reducer),
  });
  if (typeof value.reducer === 'string' && isReducerName(value.reducer)) {
    check(REDUCERS[value.reducer].kinds.includes(kind), 'reducer.kind', {
      name: value.reducer,
      kind,
    });
  }
  const chase = value.chase;
  check(
    isObject(chase) &&
      isChaseKind(chase.kind) &&
      isOptional(chase.signature, (x) => typeof x === 'string' && x.length <= 1000),
    'chase.invalid',
  );
  check(typeof value.cache === 'boolean', 'cache.invalid');
  const budgets = value.budgets;
  if (!isObject(budgets)) problems.push({ code: 'budgets.missing' });
  else {
    check(
      typeof budgets.callMs === 'number' && budgets.callMs > 0 && budgets.callMs <= 3_600_000,
      'budgets.call',
    );
    check(
      isOptional(budgets.maxTrials, (x) => isInt(x) && (x as number) >= 0),
      'budgets.trials',
    );
    check(
      isOptional(budgets.maxMs, (x) => typeof x === 'number' && x >= 0),
      'budgets.time',
    );
    check(
      isOptional(budgets.searchMs, (x) => typeof x === 'number' && x >= 0),
      'budgets.search',
    );
  }
  check(
    isOptional(
      value.repeats,
      (x) => isInt(x) && (x as number) >= 0 && (x as number) <= LIMITS.repeats,
    ),
    'repeats.range',
    { max: LIMITS.repeats },
  );
  const input = value.input;
  if (input !== undefined) {
    const problem = inputProblem(input, kind);
    if (problem) problems.push(problem);
  }
  problems.push(...isolationProblems(value, kind, code));
  const maxAttempts = value.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  check(isInt(maxAttempts) && maxAttempts > 0 && maxAttempts <= LIMITS.attempts, 'attempts.range', {
    max: LIMITS.attempts,
  });
  const generator = value.generator;
  if (generator !== undefined) {
    if (!isObject(generator)) problems.push({ code: 'generator.not-object' });
    else {
      const found = [...generatorProblems(generator as unknown as GeneratorConfig, kind)];
      problems.push(...found);
      const longest = Math.max(Number(generator.length), Number(generator.maxLength ?? 0));
      if (found.length === 0 && longest > LIMITS.length) {
        problems.push({ code: 'generator.too-long', values: { max: LIMITS.length } });
      } else if (
        found.length === 0 &&
        isInt(maxAttempts) &&
        maxAttempts * longest > LIMITS.generated
      ) {
        problems.push({
          code: 'generator.too-many',
          values: { count: maxAttempts * longest, max: LIMITS.generated },
        });
      }
    }
  }
  check(input !== undefined || generator !== undefined, 'config.no-input');
  return problems;
}
