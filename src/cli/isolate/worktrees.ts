import { lstatSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import type { Json } from '../../core/input/kinds.js';
import { hunksPatch, isHunkUnit } from '../../core/isolate/hunks.js';
import type { LaidTrial, TrialPlace } from '../trial-place.js';
import { type GitPlace, git } from './git-run.js';
import { makeRunFolder, removeLeftovers, removeRunFolder, removeWorktree } from './run-folders.js';

/** The repository trials are made in (see `GitVersions`). */
export interface TrialRepository {
  /** Its top folder, and its git folder (real path). */
  top: string;
  common: string;
  /** The commit every trial starts from. */
  good: string;
}

/**
 * A worktree this run made, and what tells that it is still the one made: where it is, the
 * contents of its `.git` file, and of its git folder's `gitdir` and `commondir` files.
 */
interface Worktree {
  path: string;
  gitDir: string;
  files: { link: string; back: string; common: string };
}

/**
 * Trials in git worktrees of the repository, checked out at `good` in a temporary folder of this
 * run's (see `run-folders.ts`, which also removes what a killed run left, first): one worktree
 * per trial running at once (one per job), made when first needed and kept, reset to `good`
 * (HEAD detached at `good`, `git reset --hard`, `git clean -ffdx`: as freshly checked out) before
 * each trial, which applies its hunks as bytes with `git apply`. The command runs in the
 * worktree, and `{}` names it.
 *
 * The test may do anything in its worktree: every git command on one names its git folder and
 * files outright (git never looks around the folder, which may be in the user's repository), and
 * a worktree whose `.git`, git folder or place is not as made is not reset but removed, and a
 * new one made. `dispose` removes the worktrees this run made, each by its path, and nothing
 * else (never `git worktree prune`); the user's working tree, index, HEAD, branches, stash and
 * worktrees are never touched. Every git command runs to its end in a session of its own.
 */
export function worktreeTrials(repository: TrialRepository, under = tmpdir()): TrialPlace {
  const { top, common, good } = repository;
  removeLeftovers(top, common, under);
  let base: string | null = null;
  let count = 0;
  const made = new Set<Worktree>();
  const free: Worktree[] = [];
  const make = (): Worktree => {
    base ??= makeRunFolder(common, under);
    const path = join(base, `${basename(top)}-${++count}`);
    git(['worktree', 'add', '--detach', '--quiet', path, good], { cwd: top });
    try {
      const link = readFileSync(join(path, '.git'), 'utf8');
      const gitDir = resolve(path, link.replace(/^gitdir: /, '').trim());
      if (dirname(realpathSync(gitDir)) !== join(common, 'worktrees')) {
        throw new Error(`git worktree add made ${gitDir}, not a worktree of ${common}`);
      }
      const tree: Worktree = { path, gitDir, files: { link, ...adminFiles(gitDir) } };
      made.add(tree);
      return tree;
    } catch (error) {
      removeWorktree(path, base, top);
      throw error;
    }
  };
  const discard = (tree: Worktree) => {
    made.delete(tree);
    if (base === null || removeWorktree(tree.path, base, top)) return;
    // The record of a worktree whose folder is gone is its git folder: ours if as we made it.
    if (asMade(tree)) rmSync(tree.gitDir, { recursive: true, force: true });
  };
  return {
    lay: (input: Json, folder: string): LaidTrial => {
      let tree = free.pop();
      if (tree !== undefined && !(inPlace(tree, base) && reset(tree, good))) {
        discard(tree);
        tree = undefined;
      }
      tree ??= make();
      const own = tree;
      const release = () => {
        if (made.has(own)) free.push(own);
      };
      const hunks = (input as unknown[]).filter(isHunkUnit);
      const laid = { path: tree.path, cwd: tree.path, stdin: '', release };
      if (hunks.length === 0) return laid;
      const patch = join(folder, 'trial.patch');
      writeFileSync(patch, hunksPatch(hunks));
      let refused: string | null = null;
      const apply = ['apply', '--unidiff-zero', '--whitespace=nowarn', patch];
      git(apply, named(tree), (message) => {
        refused = message;
        return '';
      });
      // The next trial resets the worktree before it is used again.
      return refused === null ? laid : { ...laid, invalid: `the hunks do not apply: ${refused}` };
    },
    dispose: () => {
      for (const tree of [...made]) discard(tree);
      free.length = 0;
      if (base !== null) removeRunFolder(base, top);
      base = null;
    },
  };
}

/** Where git commands on a worktree run: in it, its git folder and files named outright. */
function named(tree: Worktree): GitPlace {
  return { cwd: tree.path, named: { gitDir: tree.gitDir, workTree: tree.path } };
}

/**
 * Puts a worktree back at `good`: HEAD detached there first (a test that checked a branch out
 * in it does not get that branch moved), then its index and files as checked out. Whether it
 * went well (if not, the worktree is not used again).
 */
function reset(tree: Worktree, good: string): boolean {
  try {
    git(['update-ref', '--no-deref', 'HEAD', good], named(tree));
    git(['reset', '--hard', '--quiet', good], named(tree));
    git(['clean', '-ffdxq'], named(tree));
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a worktree is as made: a folder (not a link) where it was made, in this run's folder,
 * its `.git` file and its git folder's files as they were.
 */
function inPlace(tree: Worktree, base: string | null): boolean {
  try {
    if (base === null || !lstatSync(tree.path).isDirectory()) return false;
    if (realpathSync(tree.path) !== join(base, basename(tree.path))) return false;
    if (!lstatSync(join(tree.path, '.git')).isFile()) return false;
    return readFileSync(join(tree.path, '.git'), 'utf8') === tree.files.link && asMade(tree);
  } catch {
    return false;
  }
}

/**
 * Whether a worktree's git folder still holds what it held when made, and no symbolic link: git
 * writes its index, HEAD and logs through one (a test that linked its index to the user's would
 * have the next reset write GOOD into the user's index).
 */
function asMade(tree: Worktree): boolean {
  try {
    if (!lstatSync(tree.gitDir).isDirectory() || holdsLinks(tree.gitDir)) return false;
    const now = adminFiles(tree.gitDir);
    return now.back === tree.files.back && now.common === tree.files.common;
  } catch {
    return false;
  }
}

/** Whether anything in `folder`, or in a folder in it, is a symbolic link. */
function holdsLinks(folder: string): boolean {
  return readdirSync(folder, { withFileTypes: true }).some(
    (entry) =>
      entry.isSymbolicLink() || (entry.isDirectory() && holdsLinks(join(folder, entry.name))),
  );
}

/** What a worktree's git folder says: where its `.git` file is, and its repository's folder. */
function adminFiles(gitDir: string): { back: string; common: string } {
  return {
    back: readFileSync(join(gitDir, 'gitdir'), 'utf8'),
    common: readFileSync(join(gitDir, 'commondir'), 'utf8'),
  };
}
