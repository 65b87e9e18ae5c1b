import {
  isCodeLanguage,
  LANGUAGE_NAMES,
  LANGUAGES,
  runtimeHome,
} from '../../code/runtimes/registry.js';
import { KINDS } from '../../input/kinds/registry.js';
import type { InputKind } from '../../input/kinds.js';
import { isRanges } from '../../isolate/ranges.js';
import { OUTCOMES } from '../../oracle/verdict.js';
import { PIPELINE_STAGES, SYNTAX_MOVES } from '../../reduce/types.js';
import { problemsText } from '../../text/problems.js';
import { configProblems, inputProblem } from '../config.js';
import { EVENT_TYPES, FORMAT, type Header } from '../events.js';
import { PACKED_TYPES, type Row } from './pack.js';

/**
 * The major versions this reader understands. Version 1 sessions (before input kinds) hold
 * arrays of integers only, name no kind and hold JavaScript or TypeScript code; version 2 names
 * the kind in the header's config, holds inputs of that kind, and code in any language.
 */
export const MAJORS = [1, 2] as const;

/** What the rows of one session may hold, by its header. */
export interface RowRules {
  /** The kind of every input in the session. */
  kind: InputKind;
  /** The header's major version. */
  major: number;
  /** The session bisects a history first (its `bisect` calls; format 2.3). */
  history: boolean;
}

type Json = Record<string, unknown>;

const isInt = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x);
const V1_FIELDS = ['kind', 'split'] as const;
/** The languages a version 1 session's code may be in: `JavaScript or TypeScript`. */
const FIRST_FORMAT = LANGUAGE_NAMES.filter((name) => runtimeHome(name).inFirstFormat)
  .map((name) => LANGUAGES[name].label)
  .join(' or ');
const isObject = (x: unknown): x is Json =>
  typeof x === 'object' && x !== null && !Array.isArray(x);
const isOutcome = (x: unknown) => OUTCOMES.includes(x as never);
const MOVES = [
  'reduce-to-subset',
  'increase-to-complement',
  'increase-to-subset',
  'reduce-to-complement',
] as const;

/** Returns why `value` is not a session header, or null when it is one. */
export function headerProblem(value: unknown): string | null {
  if (!isObject(value) || value.type !== 'header' || value.format !== FORMAT) {
    return `no header: the first line must be a ${FORMAT} header`;
  }
  const version = typeof value.version === 'string' ? value.version : '';
  const major = Number(version.split('.')[0]);
  if (!/^\d+\.\d+$/.test(version) || !(MAJORS as readonly number[]).includes(major)) {
    return `unknown version "${version}" (this reader understands ${MAJORS.map((m) => `${m}.x`).join(' and ')})`;
  }
  if (major === 1 && isObject(value.config)) {
    const config = value.config;
    const named = V1_FIELDS.find((field) => config[field] !== undefined);
    if (named) return `a version 1 session has integer inputs only and no "${named}"`;
    const code = config.code;
    if (isObject(code) && isCodeLanguage(code.language)) {
      const home = runtimeHome(code.language);
      if (!home.inFirstFormat) {
        return `a version 1 session has ${FIRST_FORMAT} code only, not ${home.title}`;
      }
    }
  }
  const changes = isObject(value.config) ? value.config.changes : undefined;
  if (isObject(changes) && changes.versions !== undefined && !atLeast(version, 2, 3)) {
    return `a version ${version} session has no history of versions (format 2.3 has)`;
  }
  const problems = configProblems(value.config);
  if (problems.length > 0) return `the header config is not usable: ${problemsText(problems)}`;
  return null;
}

/** Whether `version` (major.minor) is `major`.`minor` or later. */
function atLeast(version: string, major: number, minor: number): boolean {
  const [m = 0, n = 0] = version.split('.').map(Number);
  return m > major || (m === major && n >= minor);
}

/** The rules a valid header sets for its rows. */
export function rowRules(header: Header): RowRules {
  return {
    kind: header.config.kind ?? 'int-array',
    major: Number(header.version.split('.')[0]),
    history: header.config.task === 'history',
  };
}

/** Returns why `value` is not a valid row, or null when it is one. */
export function rowProblem(value: unknown, rules: RowRules): string | null {
  if (!isObject(value)) return 'a row must be a JSON object';
  const type = value.type;
  if (typeof type !== 'string' || ![...EVENT_TYPES, ...PACKED_TYPES].includes(type as never)) {
    return `unknown row type ${JSON.stringify(type)}`;
  }
  if (!isInt(value.seq)) return 'the row has no sequence number';
  const need = (ok: boolean, what: string) => (ok ? null : `a ${type} row needs ${what}`);
  const isInput = (x: unknown) => inputProblem(x, rules.kind) === null;
  const anInput = KINDS[rules.kind].anInput;
  switch (type) {
    case 'attempt':
      return (
        need(isInt(value.attempt), 'an attempt number') ??
        need(isInput(value.input), anInput) ??
        need(isOutcome(value.outcome), 'an outcome')
      );
    case 'found':
      return need(isInt(value.attempt) && isInput(value.input), `an attempt and ${anInput}`);
    case 'not-found':
      return need(isInt(value.attempts), 'an attempt count');
    case 'call':
      return (
        need(
          ['confirm', 'reduce', 'verify'].includes(value.phase as string) ||
            (value.phase === 'bisect' && rules.history),
          'a phase',
        ) ??
        need(isInt(value.execution), 'an execution number') ??
        need(
          value.side === undefined ||
            (value.phase === 'confirm' && (value.side === 'fail' || value.side === 'pass')),
          'a side only when it confirms one',
        ) ??
        need(isInput(value.input), anInput) ??
        need(isOutcome(value.outcome), 'an outcome')
      );
    case 'decision':
      return decisionProblem(value, type, rules);
    case 'verified':
    case 'isolated':
      return need(typeof value.verified === 'boolean', 'a verified flag');
    case 'isolation':
      return need(
        isInt(value.trial) &&
          MOVES.includes(value.move as never) &&
          (value.moved === null || MOVES.includes(value.moved as never)) &&
          isInt(value.granularity) &&
          isInt(value.block) &&
          isInt(value.blockSize) &&
          isInt(value.size) &&
          isOutcome(value.outcome) &&
          typeof value.cached === 'boolean' &&
          (value.pass === undefined) === (value.fail === undefined) &&
          (value.pass === undefined || (isRanges(value.pass) && isRanges(value.fail))),
        'a trial, its moves, its block, its outcome and its sides',
      );
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
          ? decisionProblem(row, type, rules, false)
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

function decisionProblem(value: Json, type: string, rules: RowRules, full = true): string | null {
  const setValue = KINDS[rules.kind].isUnitValue(value.value);
  const level =
    value.level === undefined || (rules.major >= 2 && isInt(value.level) && value.level > 0);
  const span =
    (value.from === undefined && value.to === undefined) ||
    (value.op === 'keep' && KINDS[rules.kind].call && isInt(value.from) && isInt(value.to));
  const edit =
    value.op === 'set'
      ? isInt(value.index) && setValue
      : value.op === 'cut'
        ? isSpans(value.spans) &&
          (value.text === undefined ||
            (typeof value.text === 'string' && value.text.length <= 64 && value.move === 'rename'))
        : isInt(value.lo) && isInt(value.hi);
  const move =
    (value.move === undefined ||
      (value.op === 'cut' && SYNTAX_MOVES.includes(value.move as never))) &&
    (value.stage === undefined ||
      (value.op === 'cut' && PIPELINE_STAGES.includes(value.stage as never)));
  const ok =
    ['delete', 'keep', 'set', 'cut'].includes(value.op as string) &&
    edit &&
    move &&
    level &&
    span &&
    isOutcome(value.outcome) &&
    typeof value.accepted === 'boolean' &&
    (!full || (isInt(value.trial) && isInt(value.size) && typeof value.cached === 'boolean'));
  return ok
    ? null
    : `a ${type === 'trials' ? 'trial' : 'decision'} needs an edit, an outcome and flags`;
}

/** Whether `value` is a cut's spans: pairs of unit indices, each non-empty, in order and apart. */
function isSpans(value: unknown): boolean {
  if (!Array.isArray(value) || value.length === 0) return false;
  let end = -1;
  for (const span of value) {
    if (!Array.isArray(span) || span.length !== 2) return false;
    const [lo, hi] = span;
    if (!isInt(lo) || !isInt(hi) || lo <= end || hi <= lo) return false;
    end = hi;
  }
  return true;
}

/** Narrows a validated value to a row. */
export function asRow(value: unknown): Row {
  return value as Row;
}
