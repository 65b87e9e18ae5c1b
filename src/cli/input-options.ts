import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { KINDS } from '../core/input/kinds/registry.js';
import {
  ALL_SPLITS,
  INPUT_KINDS,
  type InputKind,
  isInputKind,
  isSplit,
  type Json,
  type Split,
} from '../core/input/kinds.js';
import { inputProblem } from '../core/session/config.js';
import { problemText } from '../core/text/problems.js';
import type { Options } from './args.js';
import { UsageError } from './usage-error.js';

/** The options that say what a function receives: the kind, the start input, the split. */
export const INPUT_OPTIONS = {
  kind: { type: 'string' },
  input: { type: 'string' },
  'input-file': { type: 'string' },
  split: { type: 'string' },
} as const satisfies Options;

/** Help lines for {@link INPUT_OPTIONS}. */
export const INPUT_HELP = `  --input JSON     reduce this failing input (skips generation): an array of integers
                   "[3,1,2]", a JSON string '"<b>x</b>"', an array of any JSON values, or
                   with --kind json any JSON value; the kind follows from the JSON
  --input-file F   reduce the text of file F as a string (up to 256 MiB, far more than a
                   command line holds); with a --kind other than string the file is parsed
                   as JSON
  --kind K         ${INPUT_KINDS.join(' | ')} (default: from --input, else the lesson's)
  --split S        ${ALL_SPLITS.join(' | ')}: the units a string (or a call's strings) is cut
                   into (default chars; syntax: a program, by its syntax tree)`;

/** The start input and its kind, when the options give one. */
export interface ChosenInput {
  kind: InputKind;
  input?: Json;
  split?: Split;
}

/**
 * Reads `--kind`, `--input`, `--input-file` and `--split`. `fallback` is the kind of the lesson
 * when nothing else names one. Throws a {@link UsageError} in one line for anything unusable.
 */
export function chooseInput(values: Record<string, unknown>, fallback: InputKind): ChosenInput {
  const named = values.kind;
  if (named !== undefined && !isInputKind(named)) {
    throw new UsageError(`unknown --kind "${String(named)}"; use ${INPUT_KINDS.join(', ')}`);
  }
  if (values.input !== undefined && values['input-file'] !== undefined) {
    throw new UsageError('give --input or --input-file, not both');
  }
  let input: Json | undefined;
  let kind: InputKind;
  if (typeof values.input === 'string') {
    input = parseJson(values.input, '--input');
    kind = named ?? kindOf(input);
  } else if (typeof values['input-file'] === 'string') {
    const text = readText(values['input-file']);
    kind = named ?? 'string';
    input = KINDS[kind].text ? text : parseJson(text, values['input-file']);
  } else kind = named ?? fallback;
  if (input !== undefined) {
    const problem = inputProblem(input, kind);
    if (problem) throw new UsageError(`the input is not of kind ${kind}: ${problemText(problem)}`);
  }
  const split = values.split;
  if (split !== undefined) {
    if (!isSplit(split)) {
      throw new UsageError(`unknown --split "${String(split)}"; use ${ALL_SPLITS.join(', ')}`);
    }
    if (!KINDS[kind].splits) {
      throw new UsageError(`--split cuts strings; this input is of kind ${kind}`);
    }
  }
  return { kind, ...(input !== undefined ? { input } : {}), ...(split ? { split } : {}) };
}

/** The kind a JSON value is taken for when no `--kind` is given (`option` gave the value). */
export function kindOf(value: Json, option = '--input'): InputKind {
  if (typeof value === 'string') return 'string';
  if (Array.isArray(value)) {
    return value.every((x) => Number.isSafeInteger(x) && !Object.is(x, -0)) ? 'int-array' : 'array';
  }
  throw new UsageError(
    `${option} is a JSON ${value === null ? 'null' : typeof value}: give --kind json to reduce any JSON value`,
  );
}

/** `text` parsed as JSON; a {@link UsageError} naming `where` when it is not JSON. */
export function parseJson(text: string, where: string): Json {
  try {
    return JSON.parse(text) as Json;
  } catch (error) {
    const short = text.length > 60 ? `${text.slice(0, 57)}…` : text;
    throw new UsageError(`${where} is not valid JSON (${(error as Error).message}): ${short}`);
  }
}

/**
 * The largest input file read (bytes): its text must become one string of the program, which
 * Node caps at half a gigabyte of characters; a quarter leaves room for the units cut from it.
 */
export const FILE_BYTES = 256 * 2 ** 20;

/** A file's text, which must be UTF-8; a {@link UsageError} naming `option` otherwise. */
export function readText(path: string, option = '--input-file'): string {
  return utf8Text(readInput(path, option), `${option} ${path}`);
}

/**
 * A file's bytes, at most {@link FILE_BYTES} of them; a {@link UsageError} in one line naming
 * `option` and the file (`name`, of a file inside a folder given) when it cannot be read or is
 * larger: a file that says so, before anything is read; one that does not say its size (a
 * device such as `/dev/zero`, a pipe) once a byte more than that has been read.
 */
export function readInput(path: string, option: string, name = path): Buffer {
  const tooLarge = (size: number | null) =>
    new UsageError(
      `${option} ${name} is too large to read: ${size === null ? '' : `${bytesText(size)}, `}more than ${bytesText(FILE_BYTES)}`,
    );
  try {
    const { size } = statSync(path);
    if (size > FILE_BYTES) throw tooLarge(size);
    const bytes = readAtMost(path, FILE_BYTES + 1, size + 1);
    if (bytes.length > FILE_BYTES) throw tooLarge(null);
    return bytes;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a folder' : code;
    throw new UsageError(`cannot read ${option} ${name}: ${why ?? String(error)}`);
  }
}

/** The first `most` bytes of a file (all of it when shorter), in a buffer first `guess` long. */
function readAtMost(path: string, most: number, guess: number): Buffer {
  const fd = openSync(path, 'r');
  try {
    let buffer = Buffer.allocUnsafe(Math.min(most, Math.max(guess, 1 << 16)));
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        if (length === most) break;
        const larger = Buffer.allocUnsafe(Math.min(most, length * 2));
        buffer.copy(larger, 0, 0, length);
        buffer = larger;
      }
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
    }
    return buffer.subarray(0, length);
  } finally {
    closeSync(fd);
  }
}

/** Bytes as UTF-8 text; a {@link UsageError} saying `what` is not UTF-8 otherwise. */
export function utf8Text(bytes: Uint8Array, what: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new UsageError(`${what} is not UTF-8 text`);
  }
}

/** A size in bytes as a person reads it: MiB or GiB, one decimal when it has one. */
function bytesText(bytes: number): string {
  const [size, unit] = bytes >= 2 ** 30 ? [bytes / 2 ** 30, 'GiB'] : [bytes / 2 ** 20, 'MiB'];
  return `${Number.isInteger(size) ? size : size.toFixed(1)} ${unit}`;
}
