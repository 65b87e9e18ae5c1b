import { renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Json, Split } from '../../core/input/kinds.js';
import { folderUnits } from '../../core/isolate/folders.js';
import { readText } from '../input-options.js';
import type { TrialPlace } from '../trial-place.js';
import { UsageError } from '../usage-error.js';
import { writeAtomically } from '../write-file.js';
import { type Alike, compareFolders, layFolder } from './folder-tree.js';

/** Two versions to isolate between: two files' texts, or two folders as units. */
export type Versions =
  | { tree?: undefined; name: string; pass: string; fail: string }
  | {
      tree: 'folder';
      name: string;
      pass: Json[];
      fail: Json[];
      /** Where the paths alike in both versions are read from: the passing folder. */
      source: string;
      /** Those paths. */
      same: Alike[];
      /** Lays a trial out: those paths, and the trial's own. */
      place: TrialPlace;
    };

/**
 * Reads `--pass-file P` and `--fail-file F`: two files (their texts, which must be UTF-8), or two
 * folders. Of two folders, only the paths that differ are units (see `isolate/folders.ts`: the
 * files' texts cut by `split`, their modes, links and empty folders); the others, alike in both
 * (any bytes), are laid out from P in every trial. A `.git` folder is no part of a version; a
 * special file is refused. A file is read only up to `FILE_BYTES`.
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
  const options = { pass: '--pass-file', fail: '--fail-file' };
  const { pass, fail, same } = compareFolders(passPath, failPath, options);
  const units = folderUnits(pass, fail, split);
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
 * Writes one version found: a file's text to `file`, atomically; a folder (the paths alike in
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
 * Whether a path given is a file or a folder, a link given followed (anything else is refused in
 * one line).
 */
function kindOf(path: string, option: string): 'file' | 'folder' {
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(path);
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
