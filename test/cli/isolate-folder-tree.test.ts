import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deltalab, scratch } from './support.js';

/**
 * `deltalab isolate --pass-file DIR --fail-file DIR`: a trial is the folder as the versions have
 * it, modes, empty folders and symbolic links included (in the versions written too).
 */
const { dir } = scratch('deltalab-folder-tree-');

/** Writes a folder: files (text, or text and mode), links (`{link}`) and empty folders (`null`). */
function folder(
  name: string,
  entries: Record<string, string | [string, number] | { link: string } | null>,
) {
  const root = join(dir, name);
  mkdirSync(root, { recursive: true });
  for (const [path, what] of Object.entries(entries)) {
    const full = join(root, path);
    mkdirSync(join(full, '..'), { recursive: true });
    if (what === null) mkdirSync(full);
    else if (typeof what === 'string') writeFileSync(full, what);
    else if (Array.isArray(what)) {
      writeFileSync(full, what[0]);
      chmodSync(full, what[1]);
    } else symlinkSync(what.link, full);
  }
  return root;
}

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('folder trials', () => {
  it('keep the mode of a file that differs and the empty folders: an executable test runs', async () => {
    // Yesterday's script fails the check (exit 1); today's passes it (exit 0: the failure).
    // Both need the empty folder logs/.
    const pass = folder('exec-pass', {
      'run.sh': ['#!/bin/sh\ntest -d logs || exit 3\necho checked\nexit 1\n', 0o755],
      logs: null,
    });
    const fail = folder('exec-fail', {
      'run.sh': ['#!/bin/sh\ntest -d logs || exit 3\necho checked\nexit 0\n', 0o755],
      logs: null,
    });
    const [outPass, outFail] = [join(dir, 'exec-out-pass'), join(dir, 'exec-out-fail')];
    const args = ['--pass-file', pass, '--fail-file', fail];
    const outputs = ['--output-pass', outPass, '--output-fail', outFail];
    const { code, stdout, stderr } = await deltalab(
      'isolate',
      '--oracle-cmd',
      './run.sh',
      ...args,
      ...outputs,
    );
    expect(stderr).not.toMatch(/does not fail|Permission denied/);
    expect(code).toBe(0);
    // Without its last line, yesterday's script ends well: that line is the difference.
    expect(stdout).toContain('\n echo checked\n-exit 1\n');
    for (const out of [outPass, outFail]) {
      expect(modeOf(join(out, 'run.sh'))).toBe(0o755);
      expect(statSync(join(out, 'logs')).isDirectory()).toBe(true);
    }
  });

  it('keep symbolic links as links; a link whose target differs is a unit, its mode change too', async () => {
    const shared = {
      'off.cfg': 'strict=off\n',
      'on.cfg': 'strict=on\n',
      alias: { link: 'on.cfg' },
    };
    const pass = folder('link-pass', { ...shared, conf: { link: 'off.cfg' }, 'tool.sh': 'true\n' });
    const fail = folder('link-fail', {
      ...shared,
      conf: { link: 'on.cfg' },
      'tool.sh': ['true\n', 0o755],
    });
    const [outPass, outFail] = [join(dir, 'link-out-pass'), join(dir, 'link-out-fail')];
    const { code, stdout } = await deltalab(
      'isolate',
      '--oracle-cmd',
      'test -L conf && test -L alias && grep -q strict=on conf',
      '--pass-file',
      pass,
      '--fail-file',
      fail,
      '--output-pass',
      outPass,
      '--output-fail',
      outFail,
      '--format',
      'json',
    );
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(result.startPass).toEqual({ conf: { link: 'off.cfg' } });
    expect(result.startFail).toEqual({ conf: { link: 'on.cfg' }, 'tool.sh': { mode: '755' } });
    expect(result.difference).toEqual([
      { op: 'insert', at: 1, unit: { file: 'conf', link: 'on.cfg' } },
    ]);
    expect(result.files).toEqual(['conf']);
    expect(readlinkSync(join(outFail, 'conf'))).toBe('on.cfg');
    // The passing side found has neither link: the old one out, the new one not in.
    expect(result.pass).toEqual({});
    expect(existsSync(join(outPass, 'conf'))).toBe(false);
    expect(readlinkSync(join(outPass, 'alias'))).toBe('on.cfg');
    expect(lstatSync(join(outPass, 'on.cfg')).isFile()).toBe(true);
  });

  it('print a change of mode as git does', async () => {
    const pass = folder('mode-pass', { 'go.sh': 'exit 0\n' });
    const fail = folder('mode-fail', { 'go.sh': ['exit 0\n', 0o755] });
    const { code, stdout } = await deltalab(
      'isolate',
      '--oracle-cmd',
      './go.sh',
      '--pass-file',
      pass,
      '--fail-file',
      fail,
    );
    expect(code).toBe(0);
    expect(stdout).toBe('diff --git a/go.sh b/go.sh\nold mode 100644\nnew mode 100755\n');
  });

  it('of a session recorded before modes, links and empty folders were kept still replay', async () => {
    // Recorded by the command of format 2.1, whose folder units were texts, pieces and whole files.
    const old = join(import.meta.dirname, 'fixtures/folder-isolation-2.1.jsonl');
    const { code, stdout } = await deltalab('replay', old, '--format', 'json');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      status: 'isolated',
      difference: [
        { op: 'insert', at: 4, unit: { file: 'src/app.js', text: 'const debug = true;\n' } },
      ],
      files: ['src/app.js'],
      patch:
        '--- a/src/app.js\n+++ b/src/app.js\n@@ -1,1 +1,2 @@\n const port = 8080;\n+const debug = true;\n',
      verified: true,
      calls: 5,
    });
  });
});
