import { isCodeLanguage } from '../../core/code/runtimes/registry.js';
import { isInputKind, isSplit } from '../../core/input/kinds.js';
import { LIMITS } from '../../core/limits.js';
import { isChaseKind } from '../../core/oracle/chase.js';
import { isReducerName } from '../../core/reduce/reducers.js';
import { parseOwn } from './own-text.js';
import { isProgramLanguage } from './program-language.js';
import { DEFAULT_ALPHABET, type Workspace } from './workspace.js';

/** The longest code a workspace may hold per editor (a link or a draft is never bigger). */
export const MAX_CODE = LIMITS.code;

/** The longest pasted input: as many elements as an input may have, each written out. */
export const MAX_PASTED = LIMITS.length * 18;

const STRINGS = [
  'lesson',
  'candidate',
  'reference',
  'outcome',
  'seed',
  'failing',
  'signature',
] as const;
const NUMBERS = ['length', 'min', 'max', 'maxAttempts', 'callMs'] as const;

const isNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

/**
 * More combining marks in a row than any script writes on one letter. A browser lays one letter
 * out in time that grows with the square of its marks: a field holding 300,000 of them (a link
 * of a few kilobytes) would freeze the editor or the text box that shows it for minutes.
 */
const MARK_RUN = /\p{M}{33}/u;

function markRun(key: string): string {
  return `${key} holds more than 32 combining marks on one character`;
}

/**
 * Checks a workspace that came from outside (a link, a stored draft): every field present and
 * of the right type. Values out of range are kept (a draft must never be thrown away for one):
 * they are the problems `workspaceProblems` lists, and nothing runs until they are fixed.
 */
export function parseWorkspace(
  value: unknown,
): { ok: true; workspace: Workspace } | { ok: false; reason: string } {
  if (typeof value !== 'object' || value === null) return { ok: false, reason: 'not an object' };
  const ws = withFailingAndPassing(value as Record<string, unknown>);
  for (const key of STRINGS) {
    if (typeof ws[key] !== 'string') return { ok: false, reason: `${key} is not text` };
    const max = key === 'failing' ? MAX_PASTED : MAX_CODE;
    if ((ws[key] as string).length > max) return { ok: false, reason: `${key} is too long` };
    if (MARK_RUN.test(ws[key] as string)) return { ok: false, reason: markRun(key) };
  }
  for (const key of NUMBERS) {
    if (!isNumber(ws[key])) return { ok: false, reason: `${key} is not a number` };
  }
  if (!isCodeLanguage(ws.language)) return { ok: false, reason: 'unknown language' };
  if (ws.mode !== 'pair' && ws.mode !== 'outcome')
    return { ok: false, reason: 'unknown judge mode' };
  if (ws.source !== 'generate' && ws.source !== 'paste')
    return { ok: false, reason: 'unknown input source' };
  if (typeof ws.reducer !== 'string' || !isReducerName(ws.reducer))
    return { ok: false, reason: 'unknown reducer' };
  if (!isChaseKind(ws.chase)) return { ok: false, reason: 'unknown chase' };
  const repeats = ws.repeats ?? 0;
  if (!isNumber(repeats)) return { ok: false, reason: 'repeats is not a number' };
  const cache = ws.cache ?? true;
  if (typeof cache !== 'boolean') return { ok: false, reason: 'cache is not true or false' };
  const limits: Record<string, unknown> = {};
  for (const key of ['maxTrials', 'maxMs', 'maxLength', 'searchMs']) {
    const value = ws[key] ?? null;
    if (value !== null && !isNumber(value)) return { ok: false, reason: `${key} is not a number` };
    limits[key] = value;
  }
  // Workspaces from before input kinds hold integer arrays.
  const kind = ws.kind ?? 'int-array';
  if (!isInputKind(kind)) return { ok: false, reason: 'unknown input kind' };
  const split = ws.split ?? 'chars';
  if (!isSplit(split)) return { ok: false, reason: 'unknown split' };
  const program = ws.program;
  if (program !== undefined && !isProgramLanguage(program)) {
    return { ok: false, reason: 'unknown program language' };
  }
  const alphabet = ws.alphabet ?? DEFAULT_ALPHABET;
  if (typeof alphabet !== 'string' || alphabet.length > MAX_CODE) {
    return { ok: false, reason: 'alphabet is not text' };
  }
  if (MARK_RUN.test(alphabet)) return { ok: false, reason: markRun('alphabet') };
  const command = ws.command;
  if (command !== undefined && !isCommand(command)) return { ok: false, reason: 'bad command' };
  // Workspaces from before isolation reduce.
  const isolate = ws.isolate ?? null;
  if (isolate !== null && !['+-', '-', '+'].includes(isolate as string)) {
    return { ok: false, reason: 'unknown isolation mode' };
  }
  const passing = ws.passing ?? '';
  if (typeof passing !== 'string' || passing.length > MAX_PASTED) {
    return { ok: false, reason: 'passing is not text' };
  }
  if (MARK_RUN.test(passing)) return { ok: false, reason: markRun('passing') };
  const own = parseOwn(ws.own);
  if (!own.ok) return own;
  // Workspaces from before changes of code isolate inputs.
  const changes = ws.changes ?? null;
  if (changes !== null && (typeof changes !== 'string' || changes.length > MAX_CODE)) {
    return { ok: false, reason: 'changes is not code' };
  }
  if (changes !== null && MARK_RUN.test(changes)) return { ok: false, reason: markRun('changes') };
  const versions = ws.versions;
  if (versions !== undefined && !isVersions(versions)) {
    return { ok: false, reason: 'versions is not a history of code' };
  }
  const workspace: Record<string, unknown> = {
    repeats,
    cache,
    ...limits,
    kind,
    split,
    alphabet,
    isolate,
    passing,
    changes,
    ...(versions !== undefined ? { versions } : {}),
    ...(command !== undefined ? { command } : {}),
    ...(own.own ? { own: own.own } : {}),
    ...(program !== undefined ? { program } : {}),
  };
  for (const key of [...STRINGS, ...NUMBERS, 'language', 'mode', 'source', 'reducer', 'chase']) {
    workspace[key] = ws[key];
  }
  return { ok: true, workspace: workspace as unknown as Workspace };
}

/**
 * A workspace as it is read: drafts and links written before the inputs were named `failing`
 * and `passing` hold them as `pasted` and `passed`.
 */
function withFailingAndPassing(ws: Record<string, unknown>): Record<string, unknown> {
  const { pasted, passed, ...rest } = ws;
  return {
    ...rest,
    ...(pasted !== undefined && rest.failing === undefined ? { failing: pasted } : {}),
    ...(passed !== undefined && rest.passing === undefined ? { passing: passed } : {}),
  };
}

/**
 * A workspace made from elsewhere (a session's config), checked as {@link parseWorkspace}
 * checks one; throws why it cannot be used.
 */
export function checkedWorkspace(
  made: { ok: true; workspace: Workspace } | { ok: false; reason: string },
): Workspace {
  if (!made.ok) throw new Error(made.reason);
  const checked = parseWorkspace(made.workspace);
  if (!checked.ok) throw new Error(checked.reason);
  return checked.workspace;
}

/** Whether a workspace's `versions` is a history: labelled versions of code, within bounds. */
function isVersions(value: unknown): boolean {
  const text = (x: unknown, max: number) =>
    typeof x === 'string' && x.length <= max && !MARK_RUN.test(x);
  return (
    Array.isArray(value) &&
    value.length >= 2 &&
    value.length <= LIMITS.versions &&
    value.every((version: unknown) => {
      if (typeof version !== 'object' || version === null) return false;
      const { label, code } = version as Record<string, unknown>;
      return text(label, 40) && text(code, MAX_CODE);
    })
  );
}

/** Whether a workspace's `command` (a session judged on the command line) has its fields. */
function isCommand(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const spec = value as Record<string, unknown>;
  const text = (x: unknown, max: number) =>
    typeof x === 'string' && x.length <= max && !MARK_RUN.test(x);
  const optional = (x: unknown, test: (x: unknown) => boolean) => x === undefined || test(x);
  return (
    text(spec.run, MAX_CODE) &&
    text(spec.name, 255) &&
    optional(spec.invalidExit, isNumber) &&
    optional(spec.expectStderr, (x) => text(x, MAX_CODE)) &&
    optional(spec.expectStdout, (x) => text(x, MAX_CODE))
  );
}
