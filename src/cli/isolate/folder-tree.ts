import {
  chmodSync,
  closeSync,
  constants,
  copyFileSync,
  type Dirent,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readlinkSync,
  readSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import type { Json } from '../../core/input/kinds.js';
import { type Entry, type Folder, folderOf, PLAIN_MODE } from '../../core/isolate/folders.js';
import { readInput, utf8Text } from '../input-options.js';
import { UsageError } from '../usage-error.js';

/**
 * A path alike in both versions of a folder, laid out in every trial as the passing version has
 * it: a file (copied, with its mode; with `modeInUnits`, only its bytes are alike and its mode is
 * the trial's), a symbolic link (made anew, to the same target), an empty folder.
 */
export type Alike =
  | { path: string; type: 'file'; modeInUnits?: true }
  | { path: string; type: 'link'; target: string }
  | { path: string; type: 'folder' };

/** What a path of a folder holds on disk: a file (its size and mode), a link, an empty folder. */
type Found =
  | { type: 'file'; size: number; mode: string }
  | { type: 'link'; target: string }
  | { type: 'folder' };

/**
 * Two folders compared: the entries that differ, as each version has them (a file's text read,
 * which must be UTF-8 and at most `FILE_BYTES`), and the paths alike in both. A `.git` folder
 * is left out; a special file (a socket, a device, a named pipe) is refused.
 */
export function compareFolders(
  passRoot: string,
  failRoot: string,
  options: { pass: string; fail: string },
): { pass: Folder; fail: Folder; same: Alike[] } {
  const [before, after] = [scan(passRoot, options.pass), scan(failRoot, options.fail)];
  const [pass, fail]: Folder[] = [new Map(), new Map()];
  const same: Alike[] = [];
  const paths = [...new Set([...before.keys(), ...after.keys()])].sort();
  for (const path of paths) {
    const [old, now] = [before.get(path), after.get(path)];
    const [oldFile, nowFile] = [join(passRoot, path), join(failRoot, path)];
    if (old?.type === 'file' && now?.type === 'file' && old.size === now.size) {
      if (sameBytes(oldFile, nowFile, old.size, options)) {
        if (old.mode === now.mode) same.push({ path, type: 'file' });
        else {
          same.push({ path, type: 'file', modeInUnits: true });
          pass.set(path, { type: 'file', mode: old.mode });
          fail.set(path, { type: 'file', mode: now.mode });
        }
        continue;
      }
    }
    if (old?.type === 'link' && now?.type === 'link' && old.target === now.target) {
      same.push({ path, type: 'link', target: old.target });
      continue;
    }
    if (old?.type === 'folder' && now?.type === 'folder') {
      same.push({ path, type: 'folder' });
      continue;
    }
    if (old) pass.set(path, entryOf(old, oldFile, options.pass));
    if (now) fail.set(path, entryOf(now, nowFile, options.fail));
  }
  return { pass, fail, same };
}

/**
 * Lays out a version of a folder at `root` (made here): the paths alike in both versions, from
 * `source` (the passing folder), and the entries of `input` (folder units), with their modes,
 * links and empty folders. Folders are made with the default mode, so that a trial can be
 * removed.
 */
export function layFolder(root: string, input: Json, source: string, same: readonly Alike[]): void {
  mkdirSync(root, { recursive: true });
  const entries = folderOf(input as Json[]);
  for (const alike of same) {
    const target = join(root, alike.path);
    mkdirSync(dirname(target), { recursive: true });
    if (alike.type === 'folder') mkdirSync(target, { recursive: true });
    else if (alike.type === 'link') symlinkSync(alike.target, target);
    else {
      copyFileSync(join(source, alike.path), target, constants.COPYFILE_FICLONE);
      if (alike.modeInUnits) {
        const entry = entries.get(alike.path);
        chmodSync(
          target,
          parseInt(entry?.type === 'file' ? (entry.mode ?? PLAIN_MODE) : PLAIN_MODE, 8),
        );
      }
    }
  }
  for (const [path, entry] of entries) {
    const target = join(root, path);
    mkdirSync(dirname(target), { recursive: true });
    if (entry.type === 'folder') mkdirSync(target, { recursive: true });
    else if (entry.type === 'link') symlinkSync(entry.target, target);
    else if (entry.text !== undefined) {
      writeFileSync(target, entry.text);
      chmodSync(target, parseInt(entry.mode ?? PLAIN_MODE, 8));
    }
  }
}

/** Every path of a folder (`/` between names) and what it holds, `.git` left out. */
function scan(root: string, option: string, under = ''): Map<string, Found> {
  const found = new Map<string, Found>();
  let entries: Dirent[];
  try {
    entries = readdirSync(join(root, under), { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`cannot read ${option} ${join(root, under)}: ${code}`);
  }
  for (const entry of entries) {
    const path = under === '' ? entry.name : `${under}/${entry.name}`;
    const full = join(root, path);
    if (entry.isDirectory()) {
      if (entry.name === '.git') continue;
      const inner = scan(root, option, path);
      if (inner.size === 0) found.set(path, { type: 'folder' });
      for (const [innerPath, what] of inner) found.set(innerPath, what);
    } else if (entry.isSymbolicLink()) {
      found.set(path, { type: 'link', target: readlinkSync(full) });
    } else if (entry.isFile()) {
      const stats = lstatSync(full);
      found.set(path, { type: 'file', size: stats.size, mode: (stats.mode & 0o7777).toString(8) });
    } else {
      throw new UsageError(
        `${full} is neither a file, a folder nor a link: only those are compared`,
      );
    }
  }
  return found;
}

/** An entry as a version has it: a file's text read (named `option` and `path` if it cannot be). */
function entryOf(found: Found, path: string, option: string): Entry {
  if (found.type !== 'file') return found;
  const bytes = readInput(path, option);
  const text = utf8Text(bytes, `${path}, which differs between the versions,`);
  return { type: 'file', text, mode: found.mode };
}

/** Whether two files of `size` bytes hold the same bytes, read a megabyte at a time. */
function sameBytes(
  a: string,
  b: string,
  size: number,
  options: { pass: string; fail: string },
): boolean {
  const chunk = 2 ** 20;
  const [left, right] = [Buffer.alloc(chunk), Buffer.alloc(chunk)];
  const files: number[] = [];
  try {
    files.push(open(a, options.pass), open(b, options.fail));
    for (let at = 0; at < size; at += chunk) {
      const [l, r] = [
        readSync(files[0] as number, left, 0, chunk, at),
        readSync(files[1] as number, right, 0, chunk, at),
      ];
      if (l !== r || !left.subarray(0, l).equals(right.subarray(0, r))) return false;
      if (l === 0) return true;
    }
    return true;
  } finally {
    for (const file of files) closeSync(file);
  }
}

/** A file opened to read; a {@link UsageError} naming it when it cannot be. */
function open(path: string, option: string): number {
  try {
    return openSync(path, 'r');
  } catch (error) {
    throw new UsageError(`cannot read ${option} ${path}: ${(error as NodeJS.ErrnoException).code}`);
  }
}
