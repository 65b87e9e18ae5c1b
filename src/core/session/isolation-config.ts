import { KINDS } from '../input/kinds/registry.js';
import { type InputKind, isInputKind, type Json, type Split } from '../input/kinds.js';
import type { IsolationMode } from '../isolate/types.js';
import { LIMITS } from '../limits.js';
import { ROLES } from '../oracle/verdict.js';
import type { Problem, ProblemCode } from '../text/problems.js';
import { type Fields, isObject, isOptional } from './checks.js';
import { inputProblem } from './input-problem.js';

/** One version of the candidate in a history: a label a teacher would say, and its source. */
export interface HistoryVersion {
  label: string;
  code: string;
}

/** The call two versions of the candidate are judged on. */
export interface ChangesConfig {
  /** The candidate's input (of `kind`, cut by `split` when text). */
  input: Json;
  kind?: InputKind;
  split?: Split;
  /**
   * A history of versions of the candidate, oldest first (format 2.3): the session bisects them
   * first (see `history/version-bisect.ts`), each version judged on the call, and then isolates the
   * change between the last good version and the first bad one (instead of `isolate.pass` and
   * `input`, which then hold the oldest and the newest version).
   */
  versions?: HistoryVersion[];
}

/** What an isolation starts from besides the failing input, and which sides it moves. */
export interface IsolateConfig {
  /** `+-`: the difference (dd); `-`: the smallest failing input; `+`: the largest passing one. */
  mode: IsolationMode;
  /** The passing input (the empty input of the kind, as `dd` starts, unless another is given). */
  pass: Json;
  /**
   * A unit the diff removes and the one it puts in its place are one edit (see `editsBetween`):
   * a changed line of code is one unit, as in isolating a change of code.
   */
  replace?: boolean;
}

/**
 * What is wrong with a config's isolation (`isolate`) and change of code (`changes`), given the
 * kind of its inputs and its code: empty when both are absent or usable.
 */
export function isolationProblems(value: Fields, kind: InputKind, code: Fields): Problem[] {
  const problems: Problem[] = [];
  const check = (ok: boolean, problem: ProblemCode, values?: Problem['values']) => {
    if (!ok) problems.push(values ? { code: problem, values } : { code: problem });
  };
  const changes = value.changes;
  if (changes !== undefined) {
    const changed = isObject(changes) && isOptional(changes.kind, isInputKind);
    check(
      changed &&
        value.isolate !== undefined &&
        kind === 'string' &&
        value.split === 'lines' &&
        ROLES.every(
          (role) => role === 'candidate' || role === 'reference' || code[role] === undefined,
        ),
      'changes.shape',
    );
    if (changed && changes.versions !== undefined && !isHistory(changes.versions)) {
      problems.push({ code: 'changes.versions', values: { max: LIMITS.versions } });
    }
    if (changed) {
      const problem = inputProblem(
        changes.input,
        isInputKind(changes.kind) ? changes.kind : 'int-array',
      );
      if (problem) problems.push(problem);
    }
  }
  const isolate = value.isolate;
  if (isolate !== undefined) {
    if (!isObject(isolate) || !['+-', '-', '+'].includes(isolate.mode as string)) {
      problems.push({ code: 'isolate.mode' });
    } else {
      check(!KINDS[kind].tree, 'isolate.kind', { kind });
      check(isolate.replace === undefined || isolate.replace === true, 'isolate.mode');
      const problem = inputProblem(isolate.pass, kind);
      if (problem) problems.push(problem);
    }
  }
  return problems;
}

/** Whether `value` is a usable history: 2 to {@link LIMITS.versions} labelled versions. */
function isHistory(value: unknown): value is HistoryVersion[] {
  return (
    Array.isArray(value) &&
    value.length >= 2 &&
    value.length <= LIMITS.versions &&
    value.every(
      (version) =>
        isObject(version) &&
        typeof version.label === 'string' &&
        version.label.length <= 40 &&
        typeof version.code === 'string' &&
        version.code.length <= LIMITS.code,
    )
  );
}
