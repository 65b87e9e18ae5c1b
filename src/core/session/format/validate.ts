import { isInputElement } from '../../oracle/oracle.js';
import { OUTCOMES } from '../../oracle/verdict.js';
import { problemsText } from '../../text/problems.js';
import { configProblems } from '../config.js';
import { EVENT_TYPES, FORMAT } from '../events.js';
import { PACKED_TYPES, type Row } from './pack.js';

/** The major version this reader understands. */
export const MAJOR = 1;

type Json = Record<string, unknown>;

const isInt = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x);
const isInput = (x: unknown): x is number[] => Array.isArray(x) && x.every(isInputElement);
const isObject = (x: unknown): x is Json =>
  typeof x === 'object' && x !== null && !Array.isArray(x);
const isOutcome = (x: unknown) => OUTCOMES.includes(x as never);

/** Returns why `value` is not a session header, or null when it is one. */
export function headerProblem(value: unknown): string | null {
  if (!isObject(value) || value.type !== 'header' || value.format !== FORMAT) {
    return `no header: the first line must be a ${FORMAT} header`;
  }
  const version = typeof value.version === 'string' ? value.version : '';
  const major = Number(version.split('.')[0]);
  if (!/^\d+\.\d+$/.test(version) || major !== MAJOR) {
    return `unknown version "${version}" (this reader understands ${MAJOR}.x)`;
  }
  const problems = configProblems(value.config);
  if (problems.length > 0) return `the header config is not usable: ${problemsText(problems)}`;
  return null;
}

/** Returns why `value` is not a valid row, or null when it is one. */
export function rowProblem(value: unknown): string | null {
  if (!isObject(value)) return 'a row must be a JSON object';
  const type = value.type;
  if (typeof type !== 'string' || ![...EVENT_TYPES, ...PACKED_TYPES].includes(type as never)) {
    return `unknown row type ${JSON.stringify(type)}`;
  }
  if (!isInt(value.seq)) return 'the row has no sequence number';
  const need = (ok: boolean, what: string) => (ok ? null : `a ${type} row needs ${what}`);
  switch (type) {
    case 'attempt':
      return (
        need(isInt(value.attempt), 'an attempt number') ??
        need(isInput(value.input), 'an integer input') ??
        need(isOutcome(value.outcome), 'an outcome')
      );
    case 'found':
      return need(isInt(value.attempt) && isInput(value.input), 'an attempt and an input');
    case 'not-found':
      return need(isInt(value.attempts), 'an attempt count');
    case 'call':
      return (
        need(['confirm', 'reduce', 'verify'].includes(value.phase as string), 'a phase') ??
        need(isInt(value.execution), 'an execution number') ??
        need(isInput(value.input), 'an integer input') ??
        need(isOutcome(value.outcome), 'an outcome')
      );
    case 'decision':
      return decisionProblem(value, type);
    case 'verified':
      return need(typeof value.verified === 'boolean', 'a verified flag');
    case 'end':
      return need(typeof value.status === 'string' && isInt(value.calls), 'a status and calls');
    case 'attempts':
      return need(
        isInt(value.attempt) && isInt(value.count) && value.count > 0,
        'an attempt and a count',
      );
    case 'trials':
      if (!Array.isArray(value.rows) || value.rows.length === 0) return need(false, 'rows');
      for (const row of value.rows) {
        const problem = isObject(row)
          ? decisionProblem(row, type, false)
          : 'a trial must be an object';
        if (problem) return problem;
      }
      return null;
    case 'deletions':
      if (!Array.isArray(value.rows) || value.rows.length === 0) return need(false, 'rows');
      for (const row of value.rows) {
        if (!isObject(row) || !isInt(row.at) || !isOutcome(row.outcome)) {
          return 'a deletion needs an index and an outcome';
        }
      }
      return null;
  }
  return null;
}

function decisionProblem(value: Json, type: string, full = true): string | null {
  const ok =
    ['delete', 'keep', 'set'].includes(value.op as string) &&
    (value.op === 'set'
      ? isInt(value.index) && isInt(value.value)
      : isInt(value.lo) && isInt(value.hi)) &&
    isOutcome(value.outcome) &&
    typeof value.accepted === 'boolean' &&
    (!full || (isInt(value.trial) && isInt(value.size) && typeof value.cached === 'boolean'));
  return ok
    ? null
    : `a ${type === 'trials' ? 'trial' : 'decision'} needs an edit, an outcome and flags`;
}

/** Narrows a validated value to a row. */
export function asRow(value: unknown): Row {
  return value as Row;
}
