import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { type HunkUnit, parseHunks } from '../../core/isolate/hunks.js';
import { UsageError } from '../usage-error.js';
import { git, gitBytes } from './git-run.js';

/** The two commits of `--git GOOD BAD`, and the hunks of the diff between them. */
export interface GitVersions {
  /** The repository's top folder (the user's working tree: nothing here writes in it). */
  top: string;
  /** The repository's own git folder (shared by its worktrees), its real path. */
  common: string;
  /** The commits GOOD and BAD name. */
  good: string;
  bad: string;
  /** The hunks of `git diff GOOD BAD`, one unit each. */
  hunks: HunkUnit[];
}

/**
 * Reads `--git GOOD BAD` in the repository around `cwd`: the commits, and the hunks of their
 * diff without renames (a moved file is its removal and its addition) and without context
 * (`-U0`: every change a hunk of its own); binary files as git's binary patches; names quoted
 * as the user's `core.quotePath` says. The diff is read as bytes: a hunk holds what the commits
 * hold, UTF-8 or not (see `HunkUnit`).
 */
export function gitVersions(good: string, bad: string, cwd = process.cwd()): GitVersions {
  const top = git(['rev-parse', '--show-toplevel'], { cwd }, (message) => {
    throw new UsageError(
      /ENOENT/.test(message)
        ? '--git needs git, and it is not on PATH'
        : '--git works inside a git repository, and this folder is in none',
    );
  }).trim();
  const common = realpathSync(
    resolve(top, git(['rev-parse', '--git-common-dir'], { cwd: top }).trim()),
  );
  const commit = (ref: string) =>
    git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { cwd: top }, () => {
      throw new UsageError(`--git: ${ref} is not a commit of this repository`);
    }).trim();
  const [from, to] = [commit(good), commit(bad)];
  const diff = gitBytes(
    [
      'diff',
      '--no-color',
      '--no-ext-diff',
      '--no-textconv',
      '--no-renames',
      '--binary',
      // As git diff prints it by default, whatever the user's diff.noprefix or diff.relative.
      '--src-prefix=a/',
      '--dst-prefix=b/',
      '--no-relative',
      '-U0',
      from,
      to,
    ],
    { cwd: top },
    (message) => {
      throw new UsageError(`git diff ${good} ${bad} failed: ${message}`);
    },
  );
  const hunks = parseHunks(diff);
  if (hunks.length === 0) throw new UsageError(`--git: ${good} and ${bad} do not differ`);
  return { top, common, good: from, bad: to, hunks };
}
