import {
  type ByteString,
  byteString,
  bytesOf,
  lossyText,
  utf8Bytes,
  utf8Text,
} from '../text/bytes.js';
import { diffPath } from './diff-paths.js';

/**
 * One hunk of a `git diff -U0 GOOD BAD`, as isolation sees it: a unit that a trial applies to
 * GOOD or leaves out. A change git shows without hunks (a binary file, a mode) is one unit with
 * an empty `hunk`. (A type, not an interface: it is a JSON value, an input's unit.)
 *
 * A diff is bytes. Where a file's part of it is UTF-8 (most), `head` and `hunk` are its text, as
 * sessions have always held them. Where it is not (a Latin-1 line, a name that is not UTF-8),
 * `latin1` is true and `head` and `hunk` hold the bytes one character each (code points 0–255,
 * as Latin-1 reads them), so that JSON carries them whole; `file` is then the name read as
 * UTF-8, U+FFFD for each byte that is not. All the hunks of a file are held the same way.
 */
export type HunkUnit = {
  /** The file's path (the new one; the old one when the file is deleted). */
  file: string;
  /** The file's header in the diff (`diff --git …` up to its first hunk), the same for each hunk. */
  head: string;
  /** The hunk: its `@@ -a,b +c,d @@` line and its lines, as `git diff` wrote them. */
  hunk: string;
  /** How many lines the file's earlier hunks add, less those they remove (where `c` starts). */
  shift: number;
  /** Present when the file's part of the diff is not UTF-8: `head` and `hunk` are its bytes. */
  latin1?: true;
};

/** A hunk's place: its lines in GOOD (`old`) and in BAD (`new`), as `start,count`. */
export interface HunkPlace {
  file: string;
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
}

const HUNK_LINE = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@(.*)$/;

/**
 * The hunks of a `git diff` (best made with `--no-renames -U0`, so that each change is a hunk
 * of its own), in order: each file's header goes with each of its hunks, which keep their text.
 * The diff is git's output as bytes, or text already decoded.
 */
export function parseHunks(diff: Uint8Array | string): HunkUnit[] {
  const bytes = typeof diff === 'string' ? null : byteString(diff);
  const lines = lineList(bytes ?? (diff as string));
  const units: HunkUnit[] = [];
  let at = 0;
  while (at < lines.length) {
    if (!isFileLine(lines[at])) {
      throw new Error(`not a git diff: line ${at + 1} is not in a file's part`);
    }
    const start = at++;
    while (at < lines.length && !isFileLine(lines[at])) at++;
    const part = lines.slice(start, at).join('');
    // Bytes that are UTF-8 are held as text; the rest byte for byte (see HunkUnit).
    const text = bytes === null ? part : utf8Text(part);
    units.push(...fileHunks(text ?? part, text === null));
  }
  return units;
}

/** The hunks of one file's part of a diff (bytes when `latin1`, else text). */
function fileHunks(part: string, latin1: boolean): HunkUnit[] {
  const lines = lineList(part);
  let at = 1;
  while (at < lines.length && !isHunkLine(lines[at])) at++;
  const head = lines.slice(0, at).join('');
  const headBytes = latin1 ? lines.slice(0, at) : lines.slice(0, at).map(utf8Bytes);
  const file = lossyText(diffPath(headBytes));
  const flag: { latin1?: true } = latin1 ? { latin1: true } : {};
  const units: HunkUnit[] = [];
  let shift = 0;
  while (at < lines.length) {
    const first = at++;
    while (at < lines.length && !isHunkLine(lines[at])) at++;
    const unit: HunkUnit = { file, head, hunk: lines.slice(first, at).join(''), shift, ...flag };
    units.push(unit);
    const place = hunkPlace(unit);
    shift += place.newLines - place.oldLines;
  }
  if (units.length === 0) units.push({ file, head, hunk: '', shift: 0, ...flag });
  return units;
}

/**
 * A patch of some of the hunks of one diff (in the diff's order), for `git apply --unidiff-zero`
 * on GOOD, as bytes: each file's header once, then its hunks, each one's new start moved by the
 * hunks of its file that are left out (with `-U0` there is no context that `git apply` could
 * find them by).
 */
export function hunksPatch(units: readonly HunkUnit[]): Uint8Array {
  let out = '';
  let head: ByteString | null = null;
  let shift = 0;
  for (const unit of units) {
    if (bytesIn(unit, unit.head) !== head) {
      head = bytesIn(unit, unit.head);
      out += head;
      shift = 0;
    }
    if (unit.hunk === '') continue;
    const place = hunkPlace(unit);
    const newStart = place.newStart - unit.shift + shift;
    out += bytesIn(unit, unit.hunk).replace(
      HUNK_LINE_START,
      (_, old: string) => `@@ -${old} +${newStart}${range(place.newLines)} @@`,
    );
    shift += place.newLines - place.oldLines;
  }
  return bytesOf(out);
}

/** The hunks as `git diff GOOD BAD` shows them, byte for byte: each file's header once. */
export function hunksText(units: readonly HunkUnit[]): Uint8Array {
  let out = '';
  let head: ByteString | null = null;
  for (const unit of units) {
    if (bytesIn(unit, unit.head) !== head) out += bytesIn(unit, unit.head);
    head = bytesIn(unit, unit.head);
    out += bytesIn(unit, unit.hunk);
  }
  return bytesOf(out);
}

/** {@link hunksText} to read: bytes that are not UTF-8 as U+FFFD. */
export function hunksShown(units: readonly HunkUnit[]): string {
  return lossyText(byteString(hunksText(units)));
}

/** A hunk's text to read: bytes that are not UTF-8 as U+FFFD. */
export function hunkShown(unit: HunkUnit): string {
  return unit.latin1 ? lossyText(unit.hunk) : unit.hunk;
}

/** Where a hunk is: its lines in GOOD and in BAD (all zero for a change without hunks). */
export function hunkPlace(unit: HunkUnit): HunkPlace {
  const end = unit.hunk.indexOf('\n');
  const match = HUNK_LINE.exec(end < 0 ? unit.hunk : unit.hunk.slice(0, end));
  if (!match) return { file: unit.file, oldStart: 0, oldLines: 0, newStart: 0, newLines: 0 };
  const [, a, b, c, d] = match;
  return {
    file: unit.file,
    oldStart: Number(a),
    oldLines: b === undefined ? 1 : Number(b),
    newStart: Number(c),
    newLines: d === undefined ? 1 : Number(d),
  };
}

/** A hunk named as a person reads it: `src/a.js -3,2 +3` (a change without hunks: its file). */
export function hunkLabel(unit: HunkUnit): string {
  if (unit.hunk === '') return `${unit.file} (no lines: ${changeOf(unit.head)})`;
  const place = hunkPlace(unit);
  return `${unit.file} -${place.oldStart}${range(place.oldLines)} +${place.newStart}${range(place.newLines)}`;
}

/** Whether `value` is a {@link HunkUnit}. */
export function isHunkUnit(value: unknown): value is HunkUnit {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const unit = value as Record<string, unknown>;
  return (
    typeof unit.file === 'string' &&
    typeof unit.head === 'string' &&
    typeof unit.hunk === 'string' &&
    typeof unit.shift === 'number' &&
    (unit.latin1 === undefined || unit.latin1 === true)
  );
}

/** The `@@ -a,b +c,d @@` at a hunk's start, the old range captured. */
const HUNK_LINE_START = /^@@ -(\d+(?:,\d+)?) \+\d+(?:,\d+)? @@/;

/** `,n` as git writes a range's count: left out when it is 1. */
function range(count: number): string {
  return count === 1 ? '' : `,${count}`;
}

function isHunkLine(line: string | undefined): boolean {
  return line?.startsWith('@@ -') === true;
}

function isFileLine(line: string | undefined): boolean {
  return line?.startsWith('diff --git ') === true;
}

/** A unit's `head` or `hunk` as bytes. */
function bytesIn(unit: HunkUnit, text: string): ByteString {
  return unit.latin1 ? text : utf8Bytes(text);
}

/** A text's lines, each with its newline. */
function lineList(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+/g) ?? [];
}

/** What a file's header says changed, for a change without hunks. */
function changeOf(head: string): string {
  if (/^Binary files|^GIT binary patch/m.test(head)) return 'binary';
  if (/^new file mode/m.test(head)) return 'new, empty';
  if (/^deleted file mode/m.test(head)) return 'deleted, empty';
  if (/^old mode/m.test(head)) return 'mode';
  return 'header';
}
