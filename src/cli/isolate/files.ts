import {
  constants,
  copyFileSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Json, Split } from '../../core/input/kinds.js';
import { type Folder, folderOf, folderUnits } from '../../core/isolate/folders.js';
import { readText } from '../input-options.js';
import type { TrialPlace } from '../trial-place.js';
import { UsageError } from '../usage-error.js';
import { writeAtomically } from '../write-file.js';

/** Two versions to isolate between: two files' texts, or two folders as units. */
export type Versions =
  | { tree?: undefined; name: string; pass: string; fail: string }
  | {
      tree: 'folder';
      name: string;
      pass: Json[];
      fail: Json[];
      /** Where the files alike in both versions are read from: the passing folder. */
      source: string;
      /** Those files, by their relative paths. */
      same: string[];
      /** Lays a trial out: those files, and the trial's own. */
      place: TrialPlace;
    };

/**
 * Reads `--pass-file P` and `--fail-file F`: two files (their texts, which must be UTF-8), or two
 * folders. Of two folders, only the files that differ are units (see `isolate/folders.ts`, cut
 * by `split`); the others, alike in both (any bytes), are copied from P into every trial. A
 * `.git` folder is no part of a version; a symbolic link or a special file is refused.
 */
export function readVersions(passPath: string, failPath: string, split: Split): Versions {
  const [passKind, failKind] = [kindOf(passPath, '--pass-file'), kindOf(failPath, '--fail-file')];
  if (passKind !== failKind) {
    throw new UsageError(
      `--pass-file is a ${passKind} and --fail-file a ${failKind}: give two of a kind`,
    );
  }
  const name = basename(resolve(failPath));
  if (passKind === 'file') {
    return {
      name,
      pass: readText(passPath, '--pass-file'),
      fail: readText(failPath, '--fail-file'),
    };
  }
  const [before, after] = [readFolder(passPath), readFolder(failPath)];
  const alike: string[] = [];
  const texts = (own: Map<string, Buffer>, other: Map<string, Buffer>, root: string): Folder => {
    const folder: Folder = new Map();
    for (const [path, bytes] of own) {
      const there = other.get(path);
      if (there?.equals(bytes)) alike.push(path);
      else folder.set(path, utf8(bytes, join(root, path)));
    }
    return folder;
  };
  const units = folderUnits(texts(before, after, passPath), texts(after, before, failPath), split);
  const same = [...new Set(alike)].sort();
  const source = resolve(passPath);
  const place: TrialPlace = {
    lay: (input, folder) => {
      const root = join(folder, name);
      layFolder(root, input, source, same);
      return { path: root, cwd: root, stdin: '' };
    },
  };
  return { tree: 'folder', name, ...units, source, same, place };
}

/**
 * Writes one version found: a file's text to `file`, atomically; a folder (the files alike in
 * both versions from `passPath`, the rest from `input`) to `file`, which must not exist yet, by
 * way of a folder beside it.
 */
export function writeVersion(file: string, input: Json, versions: Versions, option: string): void {
  if (versions.tree !== 'folder') {
    writeAtomically(file, input as string, option);
    return;
  }
  const beside = join(dirname(resolve(file)), `.${basename(file)}.${process.pid}.tmp`);
  try {
    layFolder(beside, input, versions.source, versions.same);
    renameSync(beside, file);
  } catch (error) {
    rmSync(beside, { recursive: true, force: true });
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new UsageError(`cannot write ${option} ${file}: ${reason}`);
  }
}

/**
 * A version of a folder at `root` (made here): the files alike in both versions, copied from
 * `source`, and the files of `input` (folder units). A trial's is laid out in the trial's
 * folder, named as the failing version; `{}` names it, and the command runs in it.
 */
function layFolder(root: string, input: Json, source: string, same: readonly string[]): void {
  mkdirSync(root, { recursive: true });
  for (const path of same) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    copyFileSync(join(source, path), join(root, path), constants.COPYFILE_FICLONE);
  }
  for (const [path, text] of folderOf(input as Json[])) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/** Whether a path given is a file or a folder (anything else is refused in one line). */
function kindOf(path: string, option: string): 'file' | 'folder' {
  let stats: ReturnType<typeof lstatSync>;
  try {
    stats = lstatSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      `cannot read ${option} ${path}: ${code === 'ENOENT' ? 'no such file' : code}`,
    );
  }
  if (stats.isDirectory()) return 'folder';
  if (stats.isFile()) return 'file';
  throw new UsageError(`${option} ${path} is neither a file nor a folder`);
}

/** Every file of a folder by its relative path (`/` between names), `.git` left out. */
function readFolder(root: string, under = ''): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(join(root, under), { withFileTypes: true })) {
    const path = under === '' ? entry.name : `${under}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name === '.git') continue;
      for (const [inner, bytes] of readFolder(root, path)) files.set(inner, bytes);
    } else if (entry.isFile()) files.set(path, readFileSync(join(root, path)));
    else {
      throw new UsageError(
        `${join(root, path)} is neither a file nor a folder (a link?): only files and folders are compared`,
      );
    }
  }
  return files;
}

/** Bytes as UTF-8 text; a file that is not text is refused, named. */
function utf8(bytes: Uint8Array, path: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new UsageError(`${path} differs between the versions and is not UTF-8 text`);
  }
}
