import type { Json, Split } from '../input/kinds.js';
import { splitText } from '../input/units.js';

/**
 * A version of a folder: the text of each file, by its path relative to the folder (`/`
 * between folder names), in ascending order of path.
 */
export type Folder = Map<string, string>;

/**
 * One unit of a version of a folder, as isolation sees it. Only the files that differ between
 * the two versions are units (the others are the same on every trial):
 * - `{file}`: the file is there (a file both versions have: never an edit, it keeps a file whose
 *   pieces are all left out there, empty);
 * - `{file, text}`: one piece of such a file (a line, a word or a character of it, by the split);
 * - `{file, whole}`: a whole file that one version has and the other does not (its addition or
 *   its removal is then one edit).
 */
export type FolderUnit =
  | { file: string }
  | { file: string; text: string }
  | { file: string; whole: string };

/**
 * The two versions of a folder as units: for each path whose text differs (in order of path),
 * a file both have is `{file}` and its pieces, a file one has is one `{file, whole}`. A diff of
 * the two arrays (see `editsBetween`) then edits pieces of the files both have, and adds or
 * removes whole files, never matching a piece of one file with another's (the path is part of
 * every unit, and both arrays list the paths in the same order).
 */
export function folderUnits(
  pass: Folder,
  fail: Folder,
  split: Split,
): { pass: FolderUnit[]; fail: FolderUnit[] } {
  const paths = [...new Set([...pass.keys(), ...fail.keys()])]
    .filter((path) => pass.get(path) !== fail.get(path))
    .sort(byPath);
  const units = (own: Folder, other: Folder): FolderUnit[] =>
    paths.flatMap((file): FolderUnit[] => {
      const text = own.get(file);
      if (text === undefined) return [];
      if (!other.has(file)) return [{ file, whole: text }];
      return [{ file }, ...splitText(text, split).map((piece) => ({ file, text: piece }))];
    });
  return { pass: units(pass, fail), fail: units(fail, pass) };
}

/** The files an array of folder units makes, each with its text (pieces joined in order). */
export function folderOf(units: readonly Json[]): Folder {
  const folder: Folder = new Map();
  for (const unit of units) {
    if (!isFolderUnit(unit)) throw new Error(`not a folder unit: ${JSON.stringify(unit)}`);
    if ('whole' in unit) folder.set(unit.file, unit.whole);
    else folder.set(unit.file, (folder.get(unit.file) ?? '') + ('text' in unit ? unit.text : ''));
  }
  return folder;
}

/** The paths a set of folder units touches, once each, in order. */
export function filesOf(units: readonly Json[]): string[] {
  return [...new Set(units.filter(isFolderUnit).map((unit) => unit.file))];
}

/** Whether `value` is a {@link FolderUnit}. */
export function isFolderUnit(value: unknown): value is FolderUnit {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const unit = value as Record<string, unknown>;
  const keys = Object.keys(unit);
  if (typeof unit.file !== 'string') return false;
  if (keys.length === 1) return true;
  return keys.length === 2 && (typeof unit.text === 'string' || typeof unit.whole === 'string');
}

/** Paths in the order of their UTF-16 code units (the same on every machine). */
function byPath(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
