import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { BIN, type CliRun, oneLine, scratch } from './support.js';

/**
 * Which containment a command finds, and what it does where there is none: JavaScript runs after
 * one warning line, Python is refused in one line unless DELTALAB_UNCONTAINED_PYTHON=1 — never
 * silently.
 */
const exec = promisify(execFile);
const { dir, file } = scratch('deltalab-containment-policy-');
const lesson = (name: string) =>
  readFileSync(join(import.meta.dirname, '../../examples/code/max-subarray-py', name), 'utf8');
const PYTHON = file('article.py', `${lesson('candidate.py')}\n${lesson('reference.py')}`);

/** Runs the command with `env` over this one's (a cache folder of its own unless given). */
async function deltalab(env: NodeJS.ProcessEnv, ...args: string[]): Promise<CliRun> {
  const cache = join(dir, `cache-${Math.random().toString(36).slice(2)}`);
  const options = { env: { ...process.env, DELTALAB_CACHE_DIR: cache, ...env }, timeout: 60_000 };
  try {
    const { stdout, stderr } = await exec(process.execPath, [BIN, ...args], options);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as CliRun;
    return { code, stdout, stderr };
  }
}

/** A folder for PATH holding links to the programs `names`, found in /usr/bin or /bin. */
function pathWith(...names: string[]): string {
  const folder = join(dir, `path-${names.join('-') || 'empty'}`);
  mkdirSync(folder, { recursive: true });
  for (const name of names) {
    const found = ['/usr/bin', '/bin'].map((at) => join(at, name));
    const link = join(folder, name);
    if (!existsSync(link)) symlinkSync(found.find((path) => existsSync(path)) as string, link);
  }
  return folder;
}

const WARNING =
  /^deltalab: warning: nothing but Node's permission model contains the sandbox processes here \((.+)\): code that gets out of its compartment can use the network and signal your other processes/;

describe('where nothing contains the sandboxes', () => {
  for (const [how, env] of [
    ['DELTALAB_CONTAINMENT=none', { DELTALAB_CONTAINMENT: 'none' }],
    // Neither bubblewrap nor unshare on PATH: what a system without them finds.
    ['nothing found', { PATH: pathWith() }],
  ] as const) {
    it(`JavaScript runs after one warning line (${how})`, async () => {
      const run = await deltalab(env, 'reduce', '--input', '[-7]');
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ reduced: [-7], verified: true });
      const [, reason] = oneLine(run.stderr).match(WARNING) ?? [];
      expect(reason).toBe(
        how === 'nothing found'
          ? 'bwrap: bwrap not found; unshare: unshare, setpriv, sh, mount not found'
          : 'DELTALAB_CONTAINMENT=none',
      );
    });

    it(`Python is refused in one line, and runs with DELTALAB_UNCONTAINED_PYTHON=1 (${how})`, async () => {
      const refused = await deltalab(env, 'reduce', '--module', PYTHON);
      expect([refused.code, refused.stdout]).toEqual([1, '']);
      expect(oneLine(refused.stderr)).toMatch(
        /^deltalab: Python code reaches its sandbox process's JavaScript through Pyodide, and nothing contains that process here \(.+\): set DELTALAB_UNCONTAINED_PYTHON=1 to run Python code you trust anyway$/,
      );
      const allowed = await deltalab(
        { ...env, DELTALAB_UNCONTAINED_PYTHON: '1' },
        'reduce',
        '--module',
        PYTHON,
      );
      expect(allowed.code).toBe(0);
      expect(JSON.parse(allowed.stdout)).toMatchObject({ reduced: [-7], verified: true });
      expect(oneLine(allowed.stderr)).toMatch(WARNING);
    });
  }
});

describe('which containment a command finds', () => {
  it('is told in the help, with the opt-in for Python', async () => {
    const { stdout } = await deltalab({}, '--help');
    expect(stdout).toMatch(
      /DELTALAB_CONTAINMENT .*\n.*auto \(default: bwrap, else unshare, else none\)/,
    );
    expect(stdout).toMatch(/DELTALAB_UNCONTAINED_PYTHON\n.*1: run Python code even where nothing/);
  });

  it('bubblewrap first, silently, and keeps what it found in the cache folder', async () => {
    const cache = join(dir, 'found-bwrap');
    const run = await deltalab({ DELTALAB_CACHE_DIR: cache }, 'reduce', '--input', '[-7]');
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(JSON.parse(readFileSync(join(cache, 'containment.json'), 'utf8'))).toMatchObject({
      mechanism: 'bwrap',
    });
  });

  it('unshare where there is no bubblewrap', async () => {
    const cache = join(dir, 'found-unshare');
    const PATH = pathWith('unshare', 'setpriv', 'sh', 'mount');
    const run = await deltalab({ DELTALAB_CACHE_DIR: cache, PATH }, 'reduce', '--input', '[-7]');
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(JSON.parse(readFileSync(join(cache, 'containment.json'), 'utf8'))).toMatchObject({
      mechanism: 'unshare',
    });
  });

  it('looks past a bubblewrap that cannot make namespaces, and again when one found before fails', async () => {
    // A bwrap that fails as one does where namespaces are forbidden (a container, AppArmor).
    const PATH = pathWith('unshare', 'setpriv', 'sh', 'mount');
    const failing = 'bwrap: Creating new namespace failed: Operation not permitted';
    writeFileSync(join(PATH, 'bwrap'), `#!/bin/sh\necho '${failing}' >&2\nexit 1\n`, {
      mode: 0o755,
    });
    const cache = join(dir, 'failing-bwrap');
    const env = { DELTALAB_CACHE_DIR: cache, PATH };
    const found = await deltalab(env, 'reduce', '--input', '[-7]');
    expect([found.code, found.stderr]).toEqual([0, '']);
    const kept = join(cache, 'containment.json');
    expect(JSON.parse(readFileSync(kept, 'utf8'))).toMatchObject({ mechanism: 'unshare' });
    // What was found no longer works (here: made to say bwrap): the run says why in one line,
    // and the next command looks again.
    writeFileSync(
      kept,
      JSON.stringify({ ...JSON.parse(readFileSync(kept, 'utf8')), mechanism: 'bwrap' }),
    );
    const stale = await deltalab(env, 'reduce', '--input', '[-7]');
    expect(stale.code).not.toBe(0);
    expect(stale.stderr).toContain(`could not be contained with bwrap (${failing})`);
    expect(existsSync(kept)).toBe(false);
    const again = await deltalab(env, 'reduce', '--input', '[-7]');
    expect([again.code, again.stderr]).toEqual([0, '']);
  });

  it('refuses a DELTALAB_CONTAINMENT it does not know, or whose programs are not there', async () => {
    const unknown = await deltalab({ DELTALAB_CONTAINMENT: 'docker' }, 'reduce', '--input', '[-7]');
    expect(unknown.code).toBe(1);
    expect(oneLine(unknown.stderr)).toBe(
      'deltalab: DELTALAB_CONTAINMENT must be auto, bwrap, unshare or none, not "docker"',
    );
    const missing = await deltalab(
      { DELTALAB_CONTAINMENT: 'bwrap', PATH: pathWith() },
      'reduce',
      '--input',
      '[-7]',
    );
    expect(missing.code).toBe(1);
    expect(oneLine(missing.stderr)).toBe(
      'deltalab: DELTALAB_CONTAINMENT=bwrap, but bwrap is not on PATH',
    );
  });
});
