import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deltalab, deltalabIn, scratch } from './support.js';

/**
 * `isolate --oracle-cmd` run through an engine that loses runs (a wrapper that exits with the
 * engine's status for a lost run without running the test), its trials in a folder of the
 * user's (`--trial-dir`): the forms of two files and of two commits.
 */
const { dir, file } = scratch('deltalab-isolate-engine-');

const PASS = file('pass.conf', 'name=shop\nmode=prod\nlog=off\ncap=100\n');
const FAIL = file('fail.conf', 'name=shop\nmode=dev\nlog=on\ncap=10\nlevel=debug\n');

/** The test: fails (exit 0) when the cap is 10. */
const TEST = `sh ${file('test.sh', `grep -q '^cap=10$' "$1"\n`)} {}`;

/** A stand-in engine that loses every run `lose` picks (exit 75), counting them in `lost`. */
function engine(name: string, lose: string): { wrapper: string; lost: () => number } {
  const folder = join(dir, name);
  mkdirSync(folder);
  const wrapper = file(
    `${name}.sh`,
    `n=$(( $(cat ${folder}/calls 2>/dev/null || echo 0) + 1 ))
echo $n > ${folder}/calls
if ${lose}; then echo $n >> ${folder}/lost; exit 75; fi
exec "$@"
`,
  );
  const lost = () =>
    existsSync(join(folder, 'lost'))
      ? readFileSync(join(folder, 'lost'), 'utf8').trim().split('\n').length
      : 0;
  return { wrapper, lost };
}

/** A folder of the user's with a file in it. */
function usersFolder(name: string): string {
  const folder = join(dir, name);
  mkdirSync(folder);
  writeFileSync(join(folder, 'notes.txt'), 'mine\n');
  return folder;
}

describe('isolate --oracle-cmd through an engine', () => {
  it('finds the same difference when the engine loses every third run, the lost runs told', {
    timeout: 120_000,
  }, async () => {
    const args = ['--pass-file', PASS, '--fail-file', FAIL, '--retry-exit', '75'];
    const plain = await deltalab('isolate', '--oracle-cmd', TEST, ...args);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/^\+cap=10$/m);
    const { wrapper, lost } = engine('every-third', '[ $((n % 3)) -eq 0 ]');
    const shared = usersFolder('files-shared');
    const through = await deltalab(
      'isolate',
      '--oracle-cmd',
      `sh ${wrapper} ${TEST}`,
      ...args,
      '--trial-dir',
      shared,
    );
    expect(through.code).toBe(0);
    expect(through.stdout).toBe(plain.stdout);
    expect(lost()).toBeGreaterThan(1);
    expect(through.stderr).toMatch(new RegExp(`, ${lost()} lost by the engine \\(no verdict\\)`));
    expect(readdirSync(shared)).toEqual(['notes.txt']);
  });

  it('stops with one clear line when every run is lost, and writes no side', {
    timeout: 120_000,
  }, async () => {
    const { wrapper } = engine('always', 'true');
    const output = join(dir, 'always.conf');
    const { code, stderr } = await deltalab(
      'isolate',
      '--oracle-cmd',
      `sh ${wrapper} ${TEST}`,
      '--pass-file',
      PASS,
      '--fail-file',
      FAIL,
      '--output-fail',
      output,
      '--retry-exit',
      '75',
      '--retries',
      '1',
    );
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /^deltalab: the engine lost the test's run on a trial of \d+ bytes twice in a row \(exit status 75, --retry-exit; runs 1, 2\): stopped/m,
    );
    expect(existsSync(output)).toBe(false);
  });

  it('makes the worktrees of --git in --trial-dir, and leaves nothing there', {
    timeout: 120_000,
  }, async () => {
    const root = join(dir, 'repo');
    mkdirSync(root);
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    git('init', '--quiet');
    git('config', 'user.email', 'dev@example.com');
    git('config', 'user.name', 'Dev');
    writeFileSync(join(root, 'app.conf'), readFileSync(PASS));
    git('add', '.');
    git('commit', '--quiet', '-m', 'good');
    writeFileSync(join(root, 'app.conf'), readFileSync(FAIL));
    git('commit', '--quiet', '-a', '-m', 'bad');
    const shared = usersFolder('git-shared');
    const log = join(dir, 'git.log');
    const { code, stdout } = await deltalabIn(
      { cwd: root },
      'isolate',
      '--git',
      'HEAD~1',
      'HEAD',
      '--oracle-cmd',
      `pwd >> ${log}; grep -q '^cap=10$' app.conf`,
      '--trial-dir',
      shared,
    );
    expect(code).toBe(0);
    expect(stdout).toMatch(/^\+cap=10$/m);
    const places = readFileSync(log, 'utf8').trim().split('\n');
    expect(places.length).toBeGreaterThan(2);
    for (const place of places) expect(place.startsWith(`${shared}/deltalab-git-`)).toBe(true);
    expect(readdirSync(shared)).toEqual(['notes.txt']);
    expect(git('worktree', 'list').trim().split('\n')).toHaveLength(1);
  });
});
