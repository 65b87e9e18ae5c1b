import { type SpawnSyncOptions, spawnSync } from 'node:child_process';

/**
 * Where a git command runs: a folder, and either the repository git finds from it (the user's,
 * found from its top folder) or one named outright, a worktree's git folder and its files, so
 * that git never looks for a repository around the folder (a trial's worktree, whose `.git` the
 * test may have taken away: the folder around it may be the user's repository).
 */
export interface GitPlace {
  cwd: string;
  named?: { gitDir: string; workTree: string };
}

/** The variables that would name another repository than the place's (a hook sets some). */
const REPOSITORY_VARIABLES = [
  'GIT_DIR',
  'GIT_WORK_TREE',
  'GIT_INDEX_FILE',
  'GIT_COMMON_DIR',
  'GIT_OBJECT_DIRECTORY',
  'GIT_ALTERNATE_OBJECT_DIRECTORIES',
  'GIT_NAMESPACE',
  'GIT_PREFIX',
];

/**
 * Runs `git args` at `place` to its end, in a session of its own (Ctrl-C at the terminal cannot
 * cut it short, half made), no hook run; its stdout as text. On failure, `failed` gets the first line of what
 * git said (by default the failure is thrown).
 */
export function git(
  args: readonly string[],
  place: GitPlace,
  failed?: (message: string) => string,
): string {
  const result = gitOutput(args, place);
  if (typeof result !== 'string') return result.toString('utf8');
  if (failed) return failed(result);
  throw new Error(`git ${args[0]} failed: ${result}`);
}

/** {@link git}, its stdout as the bytes git wrote. */
export function gitBytes(
  args: readonly string[],
  place: GitPlace,
  failed: (message: string) => Buffer,
): Buffer {
  const result = gitOutput(args, place);
  return typeof result === 'string' ? failed(result) : result;
}

/** Git's stdout, or (a string) the first line of what it said when it failed. */
function gitOutput(args: readonly string[], place: GitPlace): Buffer | string {
  const env = { ...process.env };
  for (const name of REPOSITORY_VARIABLES) delete env[name];
  if (place.named) {
    env.GIT_DIR = place.named.gitDir;
    env.GIT_WORK_TREE = place.named.workTree;
  }
  // Node hands `detached` on to libuv for spawnSync as for spawn (its types leave it out).
  const options: SpawnSyncOptions & { detached: boolean } = {
    cwd: place.cwd,
    env,
    detached: true,
    maxBuffer: 1 << 30,
    stdio: ['ignore', 'pipe', 'pipe'],
  };
  // No hook runs: the repository's (post-checkout on `worktree add`, reference-transaction on
  // each reset) are the user's, for their own checkouts, or one a test put there.
  const result = spawnSync('git', ['-c', 'core.hooksPath=/dev/null', ...args], options);
  if (result.status === 0) return result.stdout as Buffer;
  const said = (result.stderr as Buffer | null)?.toString('utf8') ?? '';
  return (
    result.error?.message ??
    (said.split('\n').find((line) => line.trim() !== '') ||
      `exit status ${result.status ?? result.signal}`)
  );
}
