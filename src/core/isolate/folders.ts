import type { Json, Split } from '../input/kinds.js';
import { splitText } from '../input/units.js';

/**
 * What one path of a version of a folder holds:
 * - a `file`: its text, and its permission bits in octal (`'755'`; none: `'644'`). Its text is
 *   left out when its bytes are alike in both versions and only its mode differs: the bytes are
 *   then copied from the passing version, not cut into units;
 * - a symbolic `link`: its target, as the link holds it (never followed);
 * - an empty `folder` (a folder with files is there by its files).
 */
export type Entry =
  | { type: 'file'; text?: string; mode?: string }
  | { type: 'link'; target: string }
  | { type: 'folder' };

/**
 * A version of a folder: what each path holds, by its path relative to the folder (`/` between
 * folder names).
 */
export type Folder = Map<string, Entry>;

/**
 * One unit of a version of a folder, as isolation sees it. Only the paths that differ between
 * the two versions have units (the others are the same on every trial); `file` is the path:
 * - `{file}`: a file both versions have is there (never an edit: it keeps a file whose pieces
 *   are all left out there, empty);
 * - `{file, text}`: one piece of such a file (a line, a word or a character of it, by the split);
 * - `{file, mode}`: its permission bits, when they are not `644` (a change of mode is then one
 *   edit, or two: the old mode out, the new one in);
 * - `{file, whole}`, `{file, whole, mode}`: a whole file that one version has and the other does
 *   not (its addition or its removal is then one edit);
 * - `{file, link}`: a symbolic link with its target, whole: one version has it, or the two have
 *   links to different targets (each version's link is then a unit of its own);
 * - `{file, folder: true}`: an empty folder one version has.
 *
 * A trial holding two units for one path (a changed mode or link with both its old and its new
 * unit) takes the later one; one holding neither mode of a file gives it `644`.
 */
export type FolderUnit =
  | { file: string }
  | { file: string; text: string }
  | { file: string; mode: string }
  | { file: string; whole: string; mode?: string }
  | { file: string; link: string }
  | { file: string; folder: true };

/** The mode a file has when no unit names one. */
export const PLAIN_MODE = '644';

/**
 * The two versions of a folder as units: for each path whose entry differs (in order of path),
 * a file both have is `{file}`, its mode unless plain, and its pieces (only its mode when its
 * text is left out); anything else one version has, or has of another type or target, is one
 * whole unit. A diff of the two arrays (see `editsBetween`) then edits pieces of the files both
 * have, and adds or removes whole entries, never matching a piece of one file with another's
 * (the path is part of every unit, and both arrays list the paths in the same order).
 */
export function folderUnits(
  pass: Folder,
  fail: Folder,
  split: Split,
): { pass: FolderUnit[]; fail: FolderUnit[] } {
  const paths = [...new Set([...pass.keys(), ...fail.keys()])]
    .filter((path) => !sameEntry(pass.get(path), fail.get(path)))
    .sort(byPath);
  const units = (own: Folder, other: Folder): FolderUnit[] =>
    paths.flatMap((file): FolderUnit[] => {
      const entry = own.get(file);
      const there = other.get(file);
      if (entry === undefined) return [];
      const mode = entry.type === 'file' ? modeUnit(entry.mode) : {};
      if (entry.type === 'file' && there?.type === 'file') {
        const modes = 'mode' in mode ? [{ file, ...mode }] : [];
        if (entry.text === undefined || there.text === undefined) return modes;
        const pieces = splitText(entry.text, split).map((text) => ({ file, text }));
        return [{ file }, ...modes, ...pieces];
      }
      if (entry.type === 'file') return [{ file, whole: entry.text ?? '', ...mode }];
      if (entry.type === 'link') return [{ file, link: entry.target }];
      return [{ file, folder: true }];
    });
  return { pass: units(pass, fail), fail: units(fail, pass) };
}

/** The entries an array of folder units makes (a file's pieces joined in order). */
export function folderOf(units: readonly Json[]): Folder {
  const folder: Folder = new Map();
  for (const unit of units) {
    if (!isFolderUnit(unit)) throw new Error(`not a folder unit: ${JSON.stringify(unit)}`);
    const { file } = unit;
    const had = folder.get(file);
    const text = had?.type === 'file' ? had.text : undefined;
    if ('whole' in unit) folder.set(file, { type: 'file', text: unit.whole, ...modeOf(unit) });
    else if ('link' in unit) folder.set(file, { type: 'link', target: unit.link });
    else if ('folder' in unit) folder.set(file, { type: 'folder' });
    else if ('mode' in unit) folder.set(file, { type: 'file', mode: unit.mode, ...textOf(text) });
    else {
      const mode = had?.type === 'file' ? modeOf(had) : {};
      const piece = 'text' in unit ? unit.text : '';
      folder.set(file, { type: 'file', text: (text ?? '') + piece, ...mode });
    }
  }
  return folder;
}

/** The paths a set of folder units touches, once each, in order. */
export function filesOf(units: readonly Json[]): string[] {
  return [...new Set(units.filter(isFolderUnit).map((unit) => unit.file))];
}

/** Whether two entries (or their absence) are the same. */
export function sameEntry(a: Entry | undefined, b: Entry | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.type === 'file' && b.type === 'file') {
    return a.text === b.text && (a.mode ?? PLAIN_MODE) === (b.mode ?? PLAIN_MODE);
  }
  if (a.type === 'link' && b.type === 'link') return a.target === b.target;
  return a.type === b.type;
}

/** Whether `value` is a {@link FolderUnit}. */
export function isFolderUnit(value: unknown): value is FolderUnit {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const unit = value as Record<string, unknown>;
  if (typeof unit.file !== 'string') return false;
  const keys = Object.keys(unit).filter((key) => key !== 'file');
  const text = (key: string) => typeof unit[key] === 'string';
  if (keys.length === 0) return true;
  if (keys.length === 1) {
    const [key] = keys as [string];
    return key === 'folder'
      ? unit.folder === true
      : ['text', 'mode', 'whole', 'link'].includes(key) && text(key);
  }
  return keys.length === 2 && text('whole') && text('mode');
}

/** A mode unit's field: none for the plain mode. */
function modeUnit(mode: string | undefined): { mode?: string } {
  return mode === undefined || mode === PLAIN_MODE ? {} : { mode };
}

/** An entry's or a unit's mode, when it has one. */
function modeOf(from: { mode?: string }): { mode?: string } {
  return from.mode !== undefined ? { mode: from.mode } : {};
}

/** A file's text, when it has one. */
function textOf(text: string | undefined): { text?: string } {
  return text !== undefined ? { text } : {};
}

/** Paths in the order of their UTF-16 code units (the same on every machine). */
function byPath(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
