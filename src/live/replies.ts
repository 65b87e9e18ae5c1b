import type { BatchResults, NumberArray } from '../../workers/sandbox/protocol.js';
import type { CompileError } from '../core/code/compile-error.js';
import type { Role } from '../core/oracle/verdict.js';

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
  if (!isRecord(value) || typeof value.ok !== 'boolean') return 'a load answer needs ok';
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
  if (!isRecord(value) || typeof value.ok !== 'boolean') return 'a result needs ok';
  if (typeof value.ms !== 'number' || !(value.ms >= 0)) return 'a result needs its duration';
  if ('timeout' in value) return 'a sandbox may not report a timeout';
  if (value.ok) {
    if (value.invalid !== undefined && typeof value.invalid !== 'boolean') {
      return 'invalid must be true or false';
    }
    return outputProblem(value.value);
  }
  const error = value.error;
  if (!isRecord(error) || typeof error.name !== 'string' || typeof error.message !== 'string') {
    return 'an error needs a name and a message';
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
  if (!isRecord(value)) return 'a batch answer must be an object';
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

/** Checks an output without recursion: a deep one must not overflow the host's stack. */
function outputProblem(value: unknown): string | null {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (item === null || typeof item === 'boolean' || typeof item === 'string') continue;
    if (typeof item === 'number') {
      if (!Number.isFinite(item)) return 'an output number must be finite';
      continue;
    }
    if (Array.isArray(item)) for (const element of item) pending.push(element);
    else if (isRecord(item)) for (const key in item) pending.push(item[key]);
    else return `an output cannot hold ${typeof item}`;
  }
  return null;
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
