/**
 * One hunk of a `git diff -U0 GOOD BAD`, as isolation sees it: a unit that a trial applies to
 * GOOD or leaves out. A change git shows without hunks (a binary file, a mode) is one unit with
 * an empty `hunk`. (A type, not an interface: it is a JSON value, an input's unit.)
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
 */
export function parseHunks(diff: string): HunkUnit[] {
  const lines = diff.match(/[^\n]*\n|[^\n]+/g) ?? [];
  const units: HunkUnit[] = [];
  let at = 0;
  while (at < lines.length) {
    if (!(lines[at] as string).startsWith('diff --git ')) {
      throw new Error(`not a git diff: line ${at + 1} is not in a file's part`);
    }
    const start = at++;
    while (at < lines.length && !isHunkLine(lines[at]) && !isFileLine(lines[at])) at++;
    const head = lines.slice(start, at).join('');
    const file = fileOf(lines.slice(start, at));
    let shift = 0;
    let hunks = 0;
    while (at < lines.length && isHunkLine(lines[at])) {
      const first = at++;
      while (at < lines.length && !isHunkLine(lines[at]) && !isFileLine(lines[at])) at++;
      const hunk = lines.slice(first, at).join('');
      units.push({ file, head, hunk, shift });
      const place = hunkPlace(units.at(-1) as HunkUnit);
      shift += place.newLines - place.oldLines;
      hunks++;
    }
    if (hunks === 0) units.push({ file, head, hunk: '', shift: 0 });
  }
  return units;
}

/**
 * A patch of some of the hunks of one diff (in the diff's order), for `git apply --unidiff-zero`
 * on GOOD: each file's header once, then its hunks, each one's new start moved by the hunks of
 * its file that are left out (with `-U0` there is no context that `git apply` could find them by).
 */
export function hunksPatch(units: readonly HunkUnit[]): string {
  let out = '';
  let head: string | null = null;
  let file: string | null = null;
  let shift = 0;
  for (const unit of units) {
    if (unit.file !== file || unit.head !== head) {
      out += unit.head;
      head = unit.head;
      file = unit.file;
      shift = 0;
    }
    if (unit.hunk === '') continue;
    const place = hunkPlace(unit);
    const newStart = place.newStart - unit.shift + shift;
    out += unit.hunk.replace(
      HUNK_LINE_START,
      (_, old: string) => `@@ -${old} +${newStart}${range(place.newLines)} @@`,
    );
    shift += place.newLines - place.oldLines;
  }
  return out;
}

/** The hunks as `git diff GOOD BAD` shows them: each file's header once, the hunks unchanged. */
export function hunksText(units: readonly HunkUnit[]): string {
  let out = '';
  let head: string | null = null;
  for (const unit of units) {
    if (unit.head !== head) out += unit.head;
    head = unit.head;
    out += unit.hunk;
  }
  return out;
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
    typeof unit.shift === 'number'
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

/** The path a file's header names: `+++ b/…`, else `--- a/…`, else `diff --git a/… b/…`. */
function fileOf(head: readonly string[]): string {
  const named = (prefix: string, side: string) => {
    const line = head.find((text) => text.startsWith(prefix));
    const path = line === undefined ? '' : unquote(line.slice(prefix.length).replace(/\n$/, ''));
    return path.startsWith(side) ? path.slice(side.length) : null;
  };
  const found = named('+++ ', 'b/') ?? named('--- ', 'a/');
  if (found !== null) return found;
  const first = (head[0] ?? '').replace(/\n$/, '');
  const quoted = first.lastIndexOf(' "b/');
  const at = quoted >= 0 ? quoted : first.lastIndexOf(' b/');
  return at < 0 ? first : unquote(first.slice(at + 1)).replace(/^b\//, '');
}

/**
 * A path as git quotes one with unusual characters (`"a/x\\ty"`), unquoted: its escapes are
 * bytes of UTF-8 (octal beyond ASCII, unless `core.quotePath` is off).
 */
function unquote(path: string): string {
  if (!path.startsWith('"') || !path.endsWith('"')) return path;
  const body = path.slice(1, -1);
  const ESCAPES: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13 };
  let encoded = '';
  for (let i = 0; i < body.length; i++) {
    const char = body[i] as string;
    if (char !== '\\') {
      encoded += encodeURIComponent(char);
      continue;
    }
    const next = body[++i] ?? '';
    let byte: number;
    if (/[0-7]/.test(next)) {
      byte = Number.parseInt(body.slice(i, i + 3), 8);
      i += 2;
    } else byte = ESCAPES[next] ?? next.charCodeAt(0);
    encoded += `%${byte.toString(16).padStart(2, '0')}`;
  }
  try {
    return decodeURIComponent(encoded);
  } catch {
    return body; // not UTF-8: the path as git wrote it
  }
}

/** What a file's header says changed, for a change without hunks. */
function changeOf(head: string): string {
  if (/^Binary files|^GIT binary patch/m.test(head)) return 'binary';
  if (/^new file mode/m.test(head)) return 'new, empty';
  if (/^deleted file mode/m.test(head)) return 'deleted, empty';
  if (/^old mode/m.test(head)) return 'mode';
  return 'header';
}
