import type { CompileError } from '../core/code/compile-error.js';
import {
  CLIPPED_PREFIX,
  OUTPUT_CHARS,
  OUTPUT_DEPTH,
  OUTPUT_TAGS,
  type OutputTag,
} from '../core/oracle/output.js';
import type { Role } from '../core/oracle/verdict.js';
import { ERROR_MESSAGE_CHARS, ERROR_NAME_CHARS } from '../core/text/error-text.js';
import type { BatchResults, NumberArray } from '../protocol/sandbox.js';

/**
 * A sandbox answered with something it could not have sent: the run stops with this error
 * rather than take it as a verdict. User code cannot reach the channel (see `realm.ts`); this
 * is the host's own check that nothing did.
 */
export class SandboxReplyError extends Error {
  constructor(role: Role, problem: string) {
    super(`the ${role} sandbox sent a malformed reply (${problem}); the run was stopped`);
    this.name = 'SandboxReplyError';
  }
}

/** Why `value` is not the answer to a load, or null when it is one. */
export function loadReplyProblem(value: unknown): string | null {
  if (!isPlainRecord(value) || typeof value.ok !== 'boolean') return 'a load answer needs ok';
  if (value.ok) {
    if (!isStrings(value.exports) || typeof value.entry !== 'string') {
      return 'a load answer needs its exports and its entry';
    }
    return null;
  }
  return compileErrorProblem(value.error);
}

/**
 * Why `value` is not a sandbox's result of one call for `role`, or null when it is one. A
 * sandbox never says a call timed out: only the host's clock decides that.
 */
export function callReplyProblem(value: unknown, role: Role): string | null {
  if (!isPlainRecord(value) || typeof value.ok !== 'boolean') return 'a result needs ok';
  if (typeof value.ms !== 'number' || !(value.ms >= 0)) return 'a result needs its duration';
  if ('timeout' in value) return 'a sandbox may not report a timeout';
  if (value.ok) {
    if (value.invalid !== undefined && typeof value.invalid !== 'boolean') {
      return 'invalid must be true or false';
    }
    return outputProblem(value.value);
  }
  const error = value.error;
  if (
    !isPlainRecord(error) ||
    typeof error.name !== 'string' ||
    typeof error.message !== 'string'
  ) {
    return 'an error needs a name and a message';
  }
  if (error.name.length > ERROR_NAME_CHARS + 1 || error.message.length > ERROR_MESSAGE_CHARS + 1) {
    return 'an error may not be longer than a sandbox cuts it';
  }
  if (error.role !== undefined && error.role !== role)
    return `an error of the ${String(error.role)}`;
  for (const key of ['line', 'column'] as const) {
    const at = error[key];
    if (at !== undefined && !(Number.isSafeInteger(at) && (at as number) >= 1)) {
      return `an error's ${key} must be a positive integer`;
    }
  }
  return null;
}

/** Why `value` is not the results of a batch of `count` calls for `role`, or null. */
export function batchReplyProblem(value: unknown, count: number, role: Role): string | null {
  if (!isPlainRecord(value)) return 'a batch answer must be an object';
  const { numbers, ms, others } = value as Partial<BatchResults>;
  if (!isNumberArray(numbers) || numbers.length !== count) {
    return `a batch of ${count} needs ${count} numbers`;
  }
  if (typeof ms !== 'number' || !(ms >= 0)) return 'a batch answer needs its duration per call';
  if (!Array.isArray(others)) return 'a batch answer needs its other results';
  const seen = new Set<number>();
  for (const entry of others as unknown[]) {
    if (!Array.isArray(entry) || entry.length !== 2)
      return 'another result must be [index, result]';
    const [index, result] = entry as [unknown, unknown];
    if (!Number.isSafeInteger(index) || (index as number) < 0 || (index as number) >= count) {
      return `result index ${String(index)} is outside the batch of ${count}`;
    }
    if (seen.has(index as number)) return `result ${String(index)} is given twice`;
    seen.add(index as number);
    const problem = callReplyProblem(result, role);
    if (problem) return `result ${String(index)}: ${problem}`;
  }
  return null;
}

/**
 * Why `value` is not an output a sandbox could answer, or null: only plain objects (their
 * prototype `Object.prototype` or null), real arrays, strings, finite numbers, booleans and null,
 * the documented tags with their fields ({@link OUTPUT_TAGS}), no deeper than a sandbox nests
 * them and no longer than it answers (a lower bound on the JSON text's length, so that a true
 * answer is never refused). Checked without recursion: a deep one must not overflow the host's
 * stack.
 */
export function outputProblem(value: unknown): string | null {
  const pending: [unknown, number][] = [[value, 0]];
  let length = 0;
  while (pending.length > 0) {
    const [item, depth] = pending.pop() as [unknown, number];
    if (depth > OUTPUT_DEPTH + 3) return `an output may not nest deeper than ${OUTPUT_DEPTH}`;
    if (item === null || typeof item === 'boolean') length += 4;
    else if (typeof item === 'string') length += item.length + 2;
    else if (typeof item === 'number') {
      if (!Number.isFinite(item)) return 'an output number must be finite';
      length += 1;
    } else if (Array.isArray(item)) {
      if (Object.getPrototypeOf(item) !== Array.prototype) return 'an output array must be plain';
      length += 2;
      for (const element of item) pending.push([element, depth + 1]);
    } else if (isPlainRecord(item)) {
      length += 2;
      if (Object.hasOwn(item, '$')) {
        const problem = tagProblem(item);
        if (problem) return problem;
      }
      for (const key of Object.keys(item)) {
        length += key.length + 3;
        pending.push([item[key], depth + 1]);
      }
    } else return `an output cannot hold ${describe(item)}`;
    if (length > OUTPUT_CHARS) {
      return `an output may not be longer than ${OUTPUT_CHARS} characters (a sandbox clips it)`;
    }
  }
  return null;
}

/** Why a tagged output (an object with an own `$`) is not one of the documented tags, or null. */
function tagProblem(item: Record<string, unknown>): string | null {
  const tag = item.$;
  if (typeof tag !== 'string' || !Object.hasOwn(OUTPUT_TAGS, tag)) {
    return `an output tag must be one of ${Object.keys(OUTPUT_TAGS).join(', ')}`;
  }
  const fields: readonly string[] = OUTPUT_TAGS[tag as OutputTag];
  const keys = Object.keys(item);
  if (keys.length !== fields.length + 1 || !fields.every((field) => Object.hasOwn(item, field))) {
    return `the output tag ${tag} needs ${fields.length > 0 ? fields.join(', ') : 'no other field'}`;
  }
  const { v, n, h } = item;
  switch (tag as OutputTag) {
    case 'map':
    case 'dict':
      return Array.isArray(v) && v.every((pair) => Array.isArray(pair) && pair.length === 2)
        ? null
        : `the output tag ${tag} needs a list of pairs`;
    case 'set':
      return Array.isArray(v) ? null : 'the output tag set needs a list';
    case 'long':
      if (typeof v !== 'string' || v.length > CLIPPED_PREFIX) {
        return `a clipped output keeps at most ${CLIPPED_PREFIX} characters`;
      }
      if (!Number.isSafeInteger(n) || (n as number) <= OUTPUT_CHARS) {
        return 'a clipped output needs the length of what it clipped';
      }
      return typeof h === 'string' && /^[0-9a-f]{16}$/.test(h)
        ? null
        : 'a clipped output needs its hash';
    default:
      return fields.length === 0 || typeof v === 'string'
        ? null
        : `the output tag ${tag} needs its text`;
  }
}

function compileErrorProblem(error: unknown): string | null {
  if (!isRecord(error)) return 'a failed load needs its error';
  const { name, message, line, column } = error as Partial<CompileError>;
  if (typeof name !== 'string' || typeof message !== 'string') {
    return 'a load error needs a name and a message';
  }
  if (!Number.isSafeInteger(line) || !Number.isSafeInteger(column)) {
    return 'a load error needs its line and column';
  }
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An object whose prototype is `Object.prototype` or null: no Date, Map, buffer or class. */
function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** What a value that no output holds is, for the sentence that stops the run. */
function describe(value: unknown): string {
  if (typeof value !== 'object' || value === null) return typeof value;
  const name = (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null)
    ?.constructor?.name;
  return typeof name === 'string' ? `an object of type ${name.slice(0, 40)}` : 'an object';
}

function isStrings(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function isNumberArray(value: unknown): value is NumberArray {
  return (
    value instanceof Float64Array ||
    value instanceof Int32Array ||
    value instanceof Int16Array ||
    value instanceof Int8Array
  );
}
