import { type SpawnSyncOptionsWithStringEncoding, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Json } from '../../core/input/kinds.js';
import { type HunkUnit, hunksPatch, isHunkUnit, parseHunks } from '../../core/isolate/hunks.js';
import type { LaidTrial, TrialPlace } from '../trial-place.js';
import { UsageError } from '../usage-error.js';

/** The two commits of `--git GOOD BAD`, and the hunks of the diff between them. */
export interface GitVersions {
  /** The repository's top folder. */
  top: string;
  /** The commits GOOD and BAD name. */
  good: string;
  bad: string;
  /** The hunks of `git diff GOOD BAD`, one unit each. */
  hunks: HunkUnit[];
}

/**
 * Reads `--git GOOD BAD` in the repository around `cwd`: the commits, and the hunks of their
 * diff without renames (a moved file is its removal and its addition) and without context
 * (`-U0`: every change a hunk of its own); binary files as git's binary patches.
 */
export function gitVersions(good: string, bad: string, cwd = process.cwd()): GitVersions {
  const top = run(['rev-parse', '--show-toplevel'], cwd, (message) => {
    throw new UsageError(
      /ENOENT/.test(message)
        ? '--git needs git, and it is not on PATH'
        : '--git works inside a git repository, and this folder is in none',
    );
  }).trim();
  const commit = (ref: string) =>
    run(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], top, () => {
      throw new UsageError(`--git: ${ref} is not a commit of this repository`);
    }).trim();
  const [from, to] = [commit(good), commit(bad)];
  const diff = run(
    [
      '-c',
      'core.quotePath=false',
      'diff',
      '--no-color',
      '--no-ext-diff',
      '--no-textconv',
      '--no-renames',
      '--binary',
      '-U0',
      from,
      to,
    ],
    top,
    (message) => {
      throw new UsageError(`git diff ${good} ${bad} failed: ${message}`);
    },
  );
  const hunks = parseHunks(diff);
  if (hunks.length === 0) throw new UsageError(`--git: ${good} and ${bad} do not differ`);
  return { top, good: from, bad: to, hunks };
}

/**
 * Trials in git worktrees of the repository at `top`, checked out at `good` in a temporary
 * folder: one worktree per trial running at once (one per job), made when first needed and kept,
 * reset to `good` (`git reset --hard`, `git clean -ffdx`: as freshly checked out) before each
 * trial, which applies its hunks with `git apply`. A reset rewrites only the files the last trial
 * changed, where a fresh worktree per trial would check the whole tree out each time. The
 * command runs in the worktree, and `{}` names it. `dispose` removes every worktree (and
 * `git worktree prune`s), so none is left in `git worktree list`; the user's own working tree and
 * index are never touched. Every git command here runs to its end in a session of its own:
 * Ctrl-C at the terminal cannot cut one short, half made.
 */
export function worktreeTrials(top: string, good: string): TrialPlace {
  let base: string | null = null;
  const made: string[] = [];
  const free: string[] = [];
  const reset = (tree: string) => {
    run(['reset', '--hard', '--quiet', good], tree);
    run(['clean', '-ffdxq'], tree);
  };
  return {
    lay: (input: Json, folder: string): LaidTrial => {
      let tree = free.pop();
      if (tree === undefined) {
        base ??= mkdtempSync(join(tmpdir(), 'deltalab-git-'));
        tree = join(base, `${basename(top)}-${made.length + 1}`);
        made.push(tree);
        run(['worktree', 'add', '--detach', '--quiet', tree, good], top);
      } else reset(tree);
      const own = tree;
      const release = () => free.push(own);
      const hunks = (input as unknown[]).filter(isHunkUnit);
      if (hunks.length > 0) {
        const patch = join(folder, 'trial.patch');
        writeFileSync(patch, hunksPatch(hunks));
        let refused: string | null = null;
        run(['apply', '--unidiff-zero', '--whitespace=nowarn', patch], tree, (message) => {
          refused = message;
          return '';
        });
        if (refused !== null) {
          reset(tree);
          return {
            path: tree,
            cwd: tree,
            stdin: '',
            invalid: `the hunks do not apply: ${refused}`,
            release,
          };
        }
      }
      return { path: tree, cwd: tree, stdin: '', release };
    },
    dispose: () => {
      for (const tree of made.splice(0))
        run(['worktree', 'remove', '--force', '--force', tree], top, () => '');
      free.length = 0;
      if (base !== null) rmSync(base, { recursive: true, force: true });
      base = null;
      run(['worktree', 'prune'], top, () => '');
    },
  };
}

/**
 * Runs `git args` in `cwd` to its end, in a session of its own, without the variables a hook
 * would set (the worktree is named by `cwd` alone); its stdout. On failure, `failed` gets the
 * first line of what git said (by default the failure is thrown).
 */
function run(args: string[], cwd: string, failed?: (message: string) => string): string {
  const env = { ...process.env };
  for (const name of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE']) delete env[name];
  // Node hands `detached` on to libuv for spawnSync as for spawn (its types leave it out).
  const options: SpawnSyncOptionsWithStringEncoding & { detached: boolean } = {
    cwd,
    env,
    detached: true,
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    stdio: ['ignore', 'pipe', 'pipe'],
  };
  const result = spawnSync('git', args, options);
  if (result.status === 0) return result.stdout;
  const message =
    result.error?.message ??
    (result.stderr.split('\n').find((line) => line.trim() !== '') ||
      `exit status ${result.status}`);
  if (failed) return failed(message);
  throw new Error(`git ${args[0]} failed: ${message}`);
}
