import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, deltalabIn, oneLine, scratch } from './support.js';

/**
 * `deltalab isolate --git GOOD BAD`: which hunks of a commit range make a test fail, each trial
 * in a temporary worktree that is always removed; the user's working tree is never touched.
 */
const { dir, file } = scratch('deltalab-isolate-git-');

/** Runs git in `cwd`; its output. */
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** Writes files into a folder. */
function write(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/**
 * A repository whose GOOD commit passes the test and whose BAD commit fails it: BAD changes
 * two files in five hunks, and only the one that lowers the cap breaks the test.
 */
function repository(name: string): string {
  const root = join(dir, name);
  mkdirSync(root);
  git(root, 'init', '--quiet');
  git(root, 'config', 'user.email', 'dev@example.com');
  git(root, 'config', 'user.name', 'Dev');
  write(root, {
    'lib/price.js':
      'export const rate = 1;\nexport const fee = 2;\nexport const cap = 100;\n\nexport function total(n) {\n  return Math.min(n * rate + fee, cap);\n}\n',
    'conf/app.conf': 'name=shop\nmode=prod\nlog=off\n',
  });
  git(root, 'add', '.');
  git(root, 'commit', '--quiet', '-m', 'good');
  git(root, 'tag', 'GOOD');
  write(root, {
    'lib/price.js':
      '// prices of the shop\nexport const rate = 1.5;\nexport const fee = 2;\nexport const cap = 10;\n\nexport function total(n) {\n  return Math.min(n * rate + fee, cap); // capped\n}\n',
    'conf/app.conf': 'name=shop\nmode=dev\nlog=off\nlevel=debug\n',
  });
  git(root, 'commit', '--quiet', '-a', '-m', 'bad');
  git(root, 'tag', 'BAD');
  return root;
}

/** The test: the total of 100 items must be more than 10. */
const CHECK = file(
  'check.sh',
  `node --input-type=module -e "import { total } from './lib/price.js'; process.exit(total(100) > 10 ? 1 : 0)"\n`,
);

describe('deltalab isolate --git GOOD BAD', () => {
  it('names the one hunk that makes the test fail, and leaves the repository as it was', async () => {
    const root = repository('shop');
    const head = git(root, 'rev-parse', 'HEAD');
    const diff = await deltalabIn(
      { cwd: root },
      'isolate',
      '--git',
      'GOOD',
      'BAD',
      '--oracle-cmd',
      `sh ${CHECK}`,
    );
    expect(diff.code).toBe(0);
    // The hunk as git diff GOOD BAD shows it, its file's header with it, nothing else.
    expect(diff.stdout).toMatch(/^diff --git a\/lib\/price\.js b\/lib\/price\.js\n/);
    expect(diff.stdout).toMatch(
      /\n@@ -3 \+4 @@.*\n-export const cap = 100;\n\+export const cap = 10;\n?$/,
    );
    expect(diff.stdout).not.toMatch(/app\.conf|rate = 1\.5|capped/);
    expect(diff.stderr).toMatch(/deltalab: 1 hunk makes the difference, verified 1-minimal/);

    const json = await deltalabIn(
      { cwd: root },
      'isolate',
      '--git',
      'GOOD',
      'BAD',
      '--oracle-cmd',
      `sh ${CHECK}`,
      '--format',
      'json',
    );
    expect(json.code).toBe(0);
    const result = JSON.parse(json.stdout);
    expect(result).toMatchObject({
      status: 'isolated',
      tree: 'git',
      verified: true,
      hunks: ['lib/price.js -3 +4'],
    });
    expect(result.startFail).toHaveLength(5);
    expect(result.difference).toEqual([
      {
        op: 'insert',
        at: 0,
        unit: expect.objectContaining({ file: 'lib/price.js', oldStart: 3, newStart: 4 }),
      },
    ]);
    // No worktree left, the working tree, the index and HEAD untouched.
    expect(git(root, 'worktree', 'list').trim().split('\n')).toHaveLength(1);
    expect(git(root, 'status', '--porcelain')).toBe('');
    expect(git(root, 'rev-parse', 'HEAD')).toBe(head);
  });

  it('reads the diff as it always is, whatever the user’s git configuration says', async () => {
    const root = repository('configured');
    for (const [key, value] of [
      ['diff.noprefix', 'true'],
      ['diff.mnemonicPrefix', 'true'],
      ['diff.relative', 'true'],
      ['color.ui', 'always'],
    ]) {
      git(root, 'config', key, value);
    }
    const args = ['isolate', '--git', 'GOOD', 'BAD', '--oracle-cmd', `sh ${CHECK}`];
    const diff = await deltalabIn({ cwd: join(root, 'lib') }, ...args);
    expect(diff.stderr).toMatch(/deltalab: 1 hunk makes the difference, verified 1-minimal/);
    expect(diff.code).toBe(0);
    expect(diff.stdout).toMatch(/^diff --git a\/lib\/price\.js b\/lib\/price\.js\n/);
  }, 60_000);

  it('judges with --jobs 2 in two worktrees to the same answer, and removes both', async () => {
    const root = repository('shop-jobs');
    const args = [
      'isolate',
      '--git',
      'GOOD',
      'BAD',
      '--oracle-cmd',
      `sh ${CHECK}`,
      '--format',
      'json',
    ];
    const [one, two] = [
      await deltalabIn({ cwd: root }, ...args),
      await deltalabIn({ cwd: root }, ...args, '--jobs', '2'),
    ];
    expect(two.code).toBe(0);
    expect(two.stdout).toBe(one.stdout);
    expect(git(root, 'worktree', 'list').trim().split('\n')).toHaveLength(1);
  });

  it('says in one line, exit 2, what is wrong', async () => {
    const root = repository('shop-errors');
    const cases: [string, string[], RegExp][] = [
      [dir, ['--git', 'GOOD', 'BAD', '--oracle-cmd', 'true'], /works inside a git repository/],
      [root, ['--git', 'GOOD', 'NOPE', '--oracle-cmd', 'true'], /NOPE is not a commit/],
      [root, ['--git', 'GOOD', 'GOOD', '--oracle-cmd', 'true'], /GOOD and GOOD do not differ/],
      [root, ['--git', 'GOOD', '--oracle-cmd', 'true'], /--git takes two commits/],
      [
        root,
        ['--git', 'GOOD', 'BAD', '--oracle-cmd', 'exit 1'],
        /the command on BAD does not fail: its exit status is 1/,
      ],
      [
        root,
        ['--git', 'GOOD', 'BAD', '--oracle-cmd', 'true', '--split', 'chars'],
        /--split does not go with --git/,
      ],
    ];
    for (const [cwd, args, message] of cases) {
      const { code, stderr } = await deltalabIn({ cwd }, 'isolate', ...args);
      expect(code, args.join(' ')).toBe(2);
      expect(oneLine(stderr)).toMatch(message);
    }
    expect(git(root, 'worktree', 'list').trim().split('\n')).toHaveLength(1);
  });
});

describe('deltalab isolate --git on bytes that are not UTF-8', () => {
  /** A path in `root` whose name is bytes (Latin-1 as written). */
  const bytePath = (root: string, name: string) =>
    Buffer.concat([Buffer.from(`${root}/`), Buffer.from(name, 'latin1')]);

  /**
   * BAD writes a Latin-1 é into a.txt and adds a file whose name is not UTF-8 (the test needs
   * both), and changes three files that do not matter, names with spaces and quotes among them.
   */
  function latin1Repository(): string {
    const root = join(dir, 'latin1');
    mkdirSync(root);
    git(root, 'init', '--quiet');
    git(root, 'config', 'user.email', 'dev@example.com');
    git(root, 'config', 'user.name', 'Dev');
    write(root, { 'a.txt': 'one\ncafe\nthree\n', 'b.txt': 'b\n', 'my file.txt': 'x\n' });
    write(root, { 'say "hi".txt': 'hi\n' });
    git(root, 'add', '.');
    git(root, 'commit', '--quiet', '-m', 'good');
    git(root, 'tag', 'GOOD');
    writeFileSync(join(root, 'a.txt'), Buffer.from('one\ncaf\xe9\nthree\n', 'latin1'));
    writeFileSync(bytePath(root, 'n\xe9.txt'), 'new\n');
    write(root, { 'b.txt': 'B\n', 'my file.txt': 'y\n', 'say "hi".txt': 'HI\n' });
    git(root, 'add', '.');
    git(root, 'commit', '--quiet', '-m', 'bad');
    git(root, 'tag', 'BAD');
    return root;
  }
  const TEST = `LC_ALL=C grep -q "$(printf 'caf\\351')" a.txt && test -f "$(printf 'n\\351.txt')"`;

  it('applies and prints the hunks byte for byte, as git diff prints them', () => {
    const root = latin1Repository();
    const run = (...more: string[]) =>
      spawnSync(
        process.execPath,
        [BIN, 'isolate', '--git', 'GOOD', 'BAD', '--oracle-cmd', TEST, '--mode', 'min', ...more],
        { cwd: root },
      );
    const diff = run();
    // GOOD stays the passing side: the difference is BAD's hunks the test needs, both.
    expect(diff.stderr.toString()).toMatch(/2 hunks make the difference/);
    expect(diff.status).toBe(0);
    const expected = execFileSync(
      'git',
      [...['diff', '--no-renames', '--binary', '-U0', 'GOOD', 'BAD', '--', '.'], ...EXCLUDED],
      { cwd: root },
    );
    expect(diff.stdout.toString('latin1')).toBe(expected.toString('latin1'));
    expect(diff.stdout.includes(Buffer.from('+caf\xe9\n', 'latin1'))).toBe(true);

    const session = join(dir, 'latin1.jsonl');
    const json = run('--format', 'json', '--record', session);
    expect(json.status).toBe(0);
    // The session holds the bytes: its replay says the same.
    expect(spawnSync(process.execPath, [BIN, 'replay', session]).stdout).toEqual(json.stdout);
    const result = JSON.parse(json.stdout.toString());
    expect(result.hunks).toEqual(['a.txt -2 +2', 'n\ufffd.txt -0,0 +1']);
    expect([...result.startFail].sort()).toEqual([
      'a.txt -2 +2',
      'b.txt -1 +1',
      'my file.txt -1 +1',
      'n\ufffd.txt -0,0 +1',
      'say "hi".txt -1 +1',
    ]);
    expect(result.difference[0].unit.file).toBe('a.txt');
    expect(git(root, 'worktree', 'list').trim().split('\n')).toHaveLength(1);
  }, 60_000);
});

/** The pathspecs that leave out the files the test does not need. */
const EXCLUDED = [':!b.txt', ':!my file.txt', ':!say "hi".txt'];

describe('Ctrl-C during an isolation', () => {
  /**
   * Starts deltalab in `cwd` with a temporary folder of its own, sends SIGINT after `ms`; its
   * exit code and output, and what was in its temporary folder then and is after.
   */
  async function interrupt(cwd: string, args: string[], ms: number) {
    const temporary = mkdtempSync(join(dir, 'tmp-'));
    const env = { ...process.env, TMPDIR: temporary };
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    await new Promise((resolve) => setTimeout(resolve, ms));
    const during = readdirSync(temporary);
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    return { code, stdout, stderr, during, after: readdirSync(temporary) };
  }

  it('stops a slow --git isolation and leaves no worktree and no folder behind', async () => {
    const root = repository('shop-slow');
    const { code, stdout, stderr, during, after } = await interrupt(
      root,
      [
        'isolate',
        '--git',
        'GOOD',
        'BAD',
        '--oracle-cmd',
        `sleep 0.4; sh ${CHECK}`,
        '--format',
        'json',
      ],
      2500,
    );
    expect(code).toBe(130);
    // While it ran: a trial folder and the worktrees' folder; after it: nothing.
    expect(during.some((name) => name.startsWith('deltalab-git-'))).toBe(true);
    expect(after).toEqual([]);
    expect(JSON.parse(stdout)).toMatchObject({ status: 'cancelled', verified: false });
    expect(stderr).toContain(
      'deltalab: stopped by Ctrl-C: the sides so far are shown, not verified 1-minimal',
    );
    expect(git(root, 'worktree', 'list').trim().split('\n')).toHaveLength(1);
    expect(git(root, 'status', '--porcelain')).toBe('');
  });

  it('stops a slow isolation of two folders and leaves no trial folder behind', async () => {
    const [v1, v2] = [join(dir, 'slow-v1'), join(dir, 'slow-v2')];
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i}\n`).join('');
    write(v1, { 'a.txt': lines(40) });
    write(v2, {
      'a.txt': `${lines(40)}BAD\n`.replace('line 7\n', 'line seven\n'),
      'b.txt': 'new\n',
    });
    const { code, stdout, during, after } = await interrupt(
      dir,
      [
        'isolate',
        '--oracle-cmd',
        'sleep 0.3; grep -q BAD a.txt',
        '--pass-file',
        v1,
        '--fail-file',
        v2,
        '--format',
        'json',
      ],
      1500,
    );
    expect(code).toBe(130);
    expect(JSON.parse(stdout).verified).toBe(false);
    expect(during).toHaveLength(1);
    expect(after).toEqual([]);
  });
});
