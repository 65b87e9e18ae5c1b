import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, deltalabIn, scratch } from './support.js';

/**
 * `deltalab isolate --git` in a repository a developer is working in: a branch checked out at
 * BAD, a file staged, an edit not staged, a stash, worktrees of their own (one of them moved
 * away for now), the temporary folder inside the repository. Whatever the test command does to
 * its worktree, and however a run ends, all of that is as it was.
 */
const { dir } = scratch('deltalab-isolate-git-safety-');

/** Runs git in `cwd`; its output. */
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** A repository in use: GOOD passes `grep -q BUG a.txt`, BAD (checked out on `work`) fails it. */
function workingRepository(name: string): { root: string; away: string; tmp: string } {
  const root = join(dir, name);
  mkdirSync(root);
  git(root, 'init', '--quiet', '--initial-branch', 'work');
  git(root, 'config', 'user.email', 'dev@example.com');
  git(root, 'config', 'user.name', 'Dev');
  writeFileSync(join(root, 'a.txt'), 'one\ntwo\nthree\n');
  writeFileSync(join(root, 'b.txt'), 'alpha\nbeta\n');
  writeFileSync(join(root, 'notes.txt'), 'notes\n');
  writeFileSync(join(root, '.git', 'info', 'exclude'), 'tmp/\n');
  git(root, 'add', '.');
  git(root, 'commit', '--quiet', '-m', 'good');
  git(root, 'tag', 'GOOD');
  writeFileSync(join(root, 'a.txt'), 'one\ntwo BUG\nthree\nfour\n');
  writeFileSync(join(root, 'b.txt'), 'alpha\nBETA\n');
  git(root, 'commit', '--quiet', '-a', '-m', 'bad');
  git(root, 'tag', 'BAD');
  git(root, 'worktree', 'add', '--quiet', join(dir, `${name}-side`), '-b', 'side', 'GOOD');
  const away = join(dir, `${name}-away`);
  git(root, 'worktree', 'add', '--quiet', away, '-b', 'away', 'GOOD');
  writeFileSync(join(root, 'notes.txt'), 'stashed\n');
  git(root, 'stash', '--quiet');
  writeFileSync(join(root, 'staged.txt'), 'staged\n');
  git(root, 'add', 'staged.txt');
  writeFileSync(join(root, 'notes.txt'), 'notes, edited\n');
  const tmp = join(root, 'tmp');
  mkdirSync(tmp);
  return { root, away, tmp };
}

/** What a developer would miss: branch, HEAD, index, edits, stash, refs, worktrees. */
function state(root: string): Record<string, string> {
  return {
    branch: git(root, 'symbolic-ref', 'HEAD'),
    head: git(root, 'rev-parse', 'HEAD'),
    index: git(root, 'diff', '--cached'),
    edits: git(root, 'diff'),
    notes: readFileSync(join(root, 'notes.txt'), 'utf8'),
    stash: git(root, 'stash', 'list', '--format=%H %s'),
    refs: git(root, 'for-each-ref'),
    worktrees: git(root, 'worktree', 'list', '--porcelain'),
  };
}

/** `deltalab isolate --git GOOD BAD` in `root` with `command`, its temporary folder `tmp`. */
function isolate(root: string, tmp: string, command: string, ...more: string[]) {
  const args = ['isolate', '--git', 'GOOD', 'BAD', '--oracle-cmd', command, ...more];
  return deltalabIn({ cwd: root, env: { TMPDIR: tmp } }, ...args);
}

/** The folders a run left in the temporary folder that hold worktrees. */
const worktreeFolders = (tmp: string) =>
  readdirSync(tmp).filter((name) => name.startsWith('deltalab-git-'));

describe('isolate --git leaves the repository it runs in as it was', () => {
  it('when the test removes or replaces the .git of its worktree, or the worktree', async () => {
    const { root, tmp } = workingRepository('undone');
    const before = state(root);
    const commands = [
      'rm -rf .git; grep -q BUG a.txt',
      'rm -rf .git; git init --quiet; grep -q BUG a.txt',
      `echo "gitdir: ${root}/.git" > .git; grep -q BUG a.txt`,
      'grep -q BUG a.txt; s=$?; rm -rf "$PWD"; exit $s',
    ];
    for (const command of commands) {
      const { code, stdout } = await isolate(root, tmp, command);
      expect(state(root), command).toEqual(before);
      // Each trial ran on GOOD with its hunks as if nothing had happened to the worktree.
      expect(code, command).toBe(0);
      expect(stdout).toMatch(/^diff --git a\/a\.txt b\/a\.txt\n/);
      expect(stdout).toMatch(/\n@@ -2 \+2 @@.*\n-two\n\+two BUG\n/);
      expect(worktreeFolders(tmp)).toEqual([]);
    }
  }, 120_000);

  it('when the test links its worktree’s index or logs to the user’s files', async () => {
    const { root, tmp } = workingRepository('linked');
    const before = state(root);
    const victim = join(dir, 'linked-victim.txt');
    writeFileSync(victim, 'mine\n');
    // The next reset would write GOOD's index over the user's, and log HEAD into the victim.
    const command = [
      'own=$(git rev-parse --absolute-git-dir)',
      'common=$(git rev-parse --path-format=absolute --git-common-dir)',
      'rm -f "$own/index" "$own/logs/HEAD"',
      'mkdir -p "$own/logs"',
      'ln -s "$common/index" "$own/index"',
      `ln -s '${victim}' "$own/logs/HEAD"`,
      'grep -q BUG a.txt',
    ].join('; ');
    const { code, stdout } = await isolate(root, tmp, command);
    expect(code).toBe(0);
    expect(stdout).toMatch(/\n@@ -2 \+2 @@.*\n-two\n\+two BUG\n/);
    expect(state(root)).toEqual(before);
    expect(readFileSync(victim, 'utf8')).toBe('mine\n');
    expect(worktreeFolders(tmp)).toEqual([]);
  }, 60_000);

  it('runs none of the repository’s hooks', async () => {
    const { root, tmp } = workingRepository('hooks');
    const ran = join(dir, 'hooks-ran.txt');
    for (const hook of ['post-checkout', 'reference-transaction']) {
      const file = join(root, '.git', 'hooks', hook);
      writeFileSync(file, `#!/bin/sh\necho ${hook} >> '${ran}'\n`, { mode: 0o755 });
    }
    const { code } = await isolate(root, tmp, 'grep -q BUG a.txt');
    expect(code).toBe(0);
    expect(existsSync(ran)).toBe(false);
  }, 60_000);

  it('when the test moves its worktree, or adds one beside it, in the run’s folder', async () => {
    const { root, tmp } = workingRepository('moved');
    const before = state(root);
    const commands = [
      'grep -q BUG a.txt; s=$?; here=$PWD; cd /; git -C "$here" worktree move "$here" "$here.moved"; exit $s',
      'git worktree add --quiet --detach "../added-$$"; grep -q BUG a.txt',
    ];
    for (const command of commands) {
      const { code } = await isolate(root, tmp, command);
      expect(code, command).toBe(0);
      // No record of a worktree whose folder went with the run's.
      expect(state(root), command).toEqual(before);
      expect(worktreeFolders(tmp)).toEqual([]);
    }
  }, 120_000);

  it('when the test checks a branch of the user’s out in its worktree', async () => {
    const { root, tmp } = workingRepository('branch');
    git(root, 'branch', 'feature', 'BAD');
    const before = state(root);
    // Every trial then holds BAD's files: the run ends with "the command on GOOD fails too".
    const { code } = await isolate(
      root,
      tmp,
      'git checkout --quiet --force feature; grep -q BUG a.txt',
    );
    expect(code).toBe(2);
    expect(state(root)).toEqual(before);
    expect(worktreeFolders(tmp)).toEqual([]);
  }, 60_000);

  it('keeps the records of the user’s own worktrees, one of them moved away for now', async () => {
    const { root, away, tmp } = workingRepository('away');
    renameSync(away, `${away}.moved`);
    const before = state(root);
    expect(before.worktrees).toContain('prunable');
    const { code } = await isolate(root, tmp, 'grep -q BUG a.txt');
    expect(code).toBe(0);
    expect(state(root)).toEqual(before);
    renameSync(`${away}.moved`, away);
    expect(git(away, 'symbolic-ref', 'HEAD')).toBe('refs/heads/away\n');
    expect(git(away, 'status', '--porcelain')).toBe('');
  }, 60_000);

  it('removes the worktrees a killed run left, and only those', async () => {
    const { root, tmp } = workingRepository('killed');
    // Worktrees of the user's in folders named as a run's: one with no mark of a run, one marked
    // by a run that is still alive (this process).
    const mine = join(tmp, 'deltalab-git-mine');
    const alive = join(tmp, 'deltalab-git-alive');
    git(root, 'worktree', 'add', '--quiet', '--detach', join(mine, 'wt'), 'GOOD');
    git(root, 'worktree', 'add', '--quiet', '--detach', join(alive, 'wt'), 'GOOD');
    const common = realpathSync(join(root, '.git'));
    const mark = (folder: string, pid: number) =>
      writeFileSync(
        join(folder, 'deltalab-run.json'),
        JSON.stringify({ pid, host: hostname(), gitDir: common }),
      );
    mark(alive, process.pid);
    // And the folder of a run that ended without its worktrees' records.
    const ended = spawnSync('true');
    mkdirSync(join(tmp, 'deltalab-git-ended'));
    mark(join(tmp, 'deltalab-git-ended'), ended.pid as number);
    const before = state(root);
    const count = (text: string) =>
      text.split('\n').filter((l) => l.startsWith('worktree ')).length;
    const child = spawn(
      process.execPath,
      [BIN, 'isolate', '--git', 'GOOD', 'BAD', '--oracle-cmd', 'sleep 1; grep -q BUG a.txt'],
      { cwd: root, env: { ...process.env, TMPDIR: tmp }, stdio: 'ignore' },
    );
    const closed = new Promise((resolve) => child.on('close', resolve));
    const deadline = Date.now() + 60_000;
    while (count(state(root).worktrees) === count(before.worktrees) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    child.kill('SIGKILL');
    await closed;
    const left = state(root).worktrees;
    expect(count(left)).toBe(count(before.worktrees) + 1);
    // The killed run's folder is left; the ended run's folder went when the killed run began.
    expect(worktreeFolders(tmp)).toHaveLength(3);
    expect(worktreeFolders(tmp)).not.toContain('deltalab-git-ended');

    const { code } = await isolate(root, tmp, 'grep -q BUG a.txt');
    expect(code).toBe(0);
    expect(state(root)).toEqual(before);
    expect(worktreeFolders(tmp).sort()).toEqual(['deltalab-git-alive', 'deltalab-git-mine']);
  }, 120_000);
});
