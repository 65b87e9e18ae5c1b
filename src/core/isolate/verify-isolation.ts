import type { Outcome } from '../oracle/verdict.js';
import type { Judged } from '../reduce/types.js';
import {
  configurationProblem,
  difference,
  isSubset,
  sameConfiguration,
  union,
} from './configuration.js';
import { type Configuration, type IsolationMode, resolution, type Sides } from './types.js';

/**
 * What a verification trial checks: `pass` passes, `fail` fails, adding `unit` to `pass` does
 * not pass (`add`), removing `unit` from `fail` does not fail (`remove`).
 */
export type Check = 'pass' | 'fail' | 'add' | 'remove';

/** One trial of a verification. */
export interface CheckTrial {
  config: Configuration;
  check: Check;
  /** The unit added or removed (`add`, `remove`). */
  unit?: number;
}

/** A single-unit change that breaks 1-minimality. */
export interface Counterexample {
  config: Configuration;
  check: 'add' | 'remove';
  unit: number;
  outcome: Outcome;
}

/** The checks run on the result of an isolation. */
export interface IsolationVerification {
  /** The passing side passes (required in modes `+` and `+-`). */
  passPasses: boolean;
  /** The failing side reproduces the failure (required in modes `-` and `+-`). */
  failFails: boolean;
  /** No single unit of the difference moves a side the mode moves. */
  oneMinimal: boolean;
  counterexample?: Counterexample;
  /** Human-readable problems; empty when everything holds. */
  problems: string[];
  verified: boolean;
}

/**
 * Verifies an isolation's result as a step coroutine: `pass` passes, `fail` fails, and the
 * difference is 1-minimal for the sides the mode moves: for every unit `d` of `fail \ pass`,
 * `pass ∪ {d}` does not pass (modes `+`, `+-`) and `fail \ {d}` does not fail (modes `-`,
 * `+-`). With `pass` empty in mode `-`, that is every single-unit removal from `fail`. The
 * side a mode keeps fixed need not pass (mode `-`) or fail (mode `+`): its result is reported.
 * Given the `start`, also checks that the sides only moved inward and a fixed side did not move.
 * Stops at the first counterexample.
 */
export function* verifyIsolation(
  result: Sides,
  mode: IsolationMode,
  start?: Sides,
): Generator<CheckTrial, IsolationVerification, Judged> {
  const problems = shapeProblems(result, mode, start);
  const fixedPass = mode === '-';
  const fixedFail = mode === '+';
  if (problems.length > 0) {
    return { passPasses: false, failFails: false, oneMinimal: false, problems, verified: false };
  }
  const passJudged = yield { config: result.pass, check: 'pass' };
  const failJudged = yield { config: result.fail, check: 'fail' };
  const passPasses = resolution(passJudged) === 'PASS';
  const failFails = resolution(failJudged) === 'FAIL';
  if (!passPasses && !fixedPass) {
    problems.push(`the passing side does not pass (its outcome is ${passJudged.outcome})`);
  }
  if (!failFails && !fixedFail) {
    problems.push(`the failing side does not reproduce the failure (${failJudged.outcome})`);
  }
  let counterexample: Counterexample | undefined;
  const delta = difference(result.fail, result.pass);
  for (const unit of delta) {
    if (!fixedPass) {
      const config = union(result.pass, [unit]);
      const judged = delta.length === 1 ? failJudged : yield { config, check: 'add', unit };
      if (resolution(judged) === 'PASS') {
        counterexample = { config, check: 'add', unit, outcome: judged.outcome };
        problems.push(`adding unit ${unit} to the passing side still passes`);
        break;
      }
    }
    if (!fixedFail) {
      const config = difference(result.fail, [unit]);
      const judged = delta.length === 1 ? passJudged : yield { config, check: 'remove', unit };
      if (resolution(judged) === 'FAIL') {
        counterexample = { config, check: 'remove', unit, outcome: judged.outcome };
        problems.push(`removing unit ${unit} from the failing side still fails`);
        break;
      }
    }
  }
  return {
    passPasses,
    failFails,
    oneMinimal: !counterexample,
    ...(counterexample ? { counterexample } : {}),
    problems,
    verified: problems.length === 0,
  };
}

/** What is wrong with the sides themselves, before any trial. */
function shapeProblems(result: Sides, mode: IsolationMode, start?: Sides): string[] {
  const named: [unknown, string][] = [
    [result.pass, 'the passing side'],
    [result.fail, 'the failing side'],
    ...(start
      ? ([
          [start.pass, 'the start passing side'],
          [start.fail, 'the start failing side'],
        ] as [unknown, string][])
      : []),
  ];
  const malformed = named.flatMap(([config, name]) => configurationProblem(config, name) ?? []);
  if (malformed.length > 0) return malformed;
  const problems: string[] = [];
  if (!isSubset(result.pass, result.fail))
    problems.push('the passing side is not inside the failing side');
  if (!start) return problems;
  if (!isSubset(start.pass, result.pass)) problems.push('the passing side lost units of the start');
  if (!isSubset(result.fail, start.fail)) problems.push('the failing side gained units');
  if (mode === '-' && !sameConfiguration(result.pass, start.pass)) {
    problems.push("the passing side moved, but mode '-' keeps it fixed");
  }
  if (mode === '+' && !sameConfiguration(result.fail, start.fail)) {
    problems.push("the failing side moved, but mode '+' keeps it fixed");
  }
  return problems;
}
