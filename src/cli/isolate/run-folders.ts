import {
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { git } from './git-run.js';

/**
 * The temporary folder a run of `isolate --git` makes its worktrees in, named `deltalab-git-…`,
 * holds a mark, {@link RUN_MARK}: the run's process, machine and repository. A run killed
 * (SIGKILL) leaves its worktrees registered and their folder behind; the next run in the same
 * repository finds them by that mark, its process gone, and removes them. A worktree of the
 * user's is never one of them: its folder has no mark, or the mark of a run still alive.
 */
export const RUN_MARK = 'deltalab-run.json';

/** A run's mark: who made the folder, for which repository. */
interface RunMark {
  pid: number;
  host: string;
  gitDir: string;
}

/**
 * Makes this run's folder for worktrees of the repository whose git folder is `common`, in
 * `under` (the temporary folder, or `--trial-dir`).
 */
export function makeRunFolder(common: string, under = tmpdir()): string {
  const base = mkdtempSync(join(under, 'deltalab-git-'));
  const mark: RunMark = { pid: process.pid, host: hostname(), gitDir: common };
  writeFileSync(join(base, RUN_MARK), `${JSON.stringify(mark)}\n`);
  return realpathSync(base);
}

/**
 * Removes the worktrees of `top`'s repository (git folder `common`) that a run no longer alive
 * left, and that run's folder (also one in the temporary folder, or in `under`, whose worktrees'
 * records are gone); nothing else.
 */
export function removeLeftovers(top: string, common: string, under = tmpdir()): void {
  const bases = new Set<string>();
  for (const path of listedWorktrees(top)) {
    const base = dirname(path);
    if (!leftBy(base, common)) continue;
    removeWorktree(path, realpathSync(base), top);
    bases.add(base);
  }
  // And the folders of dead runs whose worktrees' records are gone already.
  for (const folder of new Set([tmpdir(), under])) {
    const names = (() => {
      try {
        return readdirSync(folder);
      } catch {
        return [];
      }
    })();
    for (const name of names) if (name.startsWith('deltalab-git-')) bases.add(join(folder, name));
  }
  for (const base of bases) if (leftBy(base, common)) removeRunFolder(base, top);
}

/**
 * Removes a worktree this process made (or a dead run did) in `base`: its folder, if it is still
 * in `base` (a symbolic link put in its place is removed, not followed), then its record in the
 * repository (`git worktree remove` of a folder that is gone takes only its record). Whether the
 * record went.
 */
export function removeWorktree(path: string, base: string, top: string): boolean {
  try {
    if (lstatSync(path).isSymbolicLink()) unlinkSync(path);
    else if (realpathSync(dirname(path)) === base) rmSync(path, { recursive: true, force: true });
  } catch {
    // Gone already.
  }
  if (exists(path)) return false;
  let removed = true;
  git(['worktree', 'remove', '--force', '--force', path], { cwd: top }, () => {
    removed = false;
    return '';
  });
  return removed;
}

/**
 * Removes this run's folder `base`, then the records of the worktrees that were in it: those it
 * made, and any the test moved or added there (`git worktree move`, `add`), whose folders went
 * with it.
 */
export function removeRunFolder(base: string, top: string): void {
  // As git may have it: the temporary folder's real path (never `base`'s own link followed).
  const names = [base];
  try {
    names.push(join(realpathSync(dirname(base)), basename(base)));
  } catch {
    // Gone already.
  }
  removeFolder(base);
  for (const path of listedWorktrees(top)) {
    if (names.some((name) => path.startsWith(`${name}/`)))
      git(['worktree', 'remove', '--force', '--force', path], { cwd: top }, () => '');
  }
}

/** The worktrees of `top`'s repository but its main working tree: their folders. */
function listedWorktrees(top: string): string[] {
  const listed = git(['worktree', 'list', '--porcelain'], { cwd: top }, () => '');
  return (
    listed
      .split('\n')
      .filter((line) => line.startsWith('worktree '))
      .map((line) => line.slice('worktree '.length))
      // The first is the repository's main working tree.
      .slice(1)
  );
}

/** Removes a run's folder (a symbolic link put in its place is removed, not followed). */
export function removeFolder(base: string): void {
  try {
    if (lstatSync(base).isSymbolicLink()) unlinkSync(base);
    else rmSync(base, { recursive: true, force: true });
  } catch {
    // Gone already.
  }
}

/** Whether `base` is a run's folder for this repository, left by a run no longer alive. */
function leftBy(base: string, common: string): boolean {
  if (!basename(base).startsWith('deltalab-git-')) return false;
  let mark: Partial<RunMark>;
  try {
    if (!lstatSync(base).isDirectory()) return false;
    mark = Object(JSON.parse(readFileSync(join(base, RUN_MARK), 'utf8')));
  } catch {
    return false;
  }
  return (
    Number.isInteger(mark.pid) &&
    (mark.pid as number) > 0 &&
    mark.host === hostname() &&
    mark.gitDir === common &&
    !alive(mark.pid as number)
  );
}

/** Whether a process `pid` is alive (one of another user's counts). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether anything is at `path` (a broken link too). */
function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
