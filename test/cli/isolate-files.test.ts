import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSession } from '../../src/core/session/format/reader.js';
import { withoutDurations } from '../../src/core/session/normalise.js';
import { deltalab, oneLine, scratch } from './support.js';

/**
 * `deltalab isolate --oracle-cmd --pass-file --fail-file`: yesterday's version of a file (or a
 * folder) works, today's does not; a shell test says which is which, as Zeller's 1999 "Yesterday,
 * my program worked" isolates failure-inducing changes.
 */
const { dir, file } = scratch('deltalab-isolate-files-');

/** The `deltalab:` lines of stderr that are not progress. */
const said = (stderr: string) =>
  stderr
    .split('\n')
    .filter((line) => line.startsWith('deltalab:') && !/ trials, | two sides/.test(line));

const GOOD = 'name=shop\nport=8080\nhost=localhost\ndebug=false\nworkers=4\ncache=on\n';
const BAD = 'name=shop\nport=8081\nhost=0.0.0.0\ndebug=true\nworkers=4\ncache=off\ntimeout=30\n';
/** The service fails to start when debugging runs with the cache off. */
const TEST = `grep -q '^debug=true' {} && grep -q '^cache=off' {}`;

describe('deltalab isolate --pass-file --fail-file (two files)', () => {
  const good = file('good.conf', GOOD);
  const bad = file('bad.conf', BAD);

  it('prints the 1-minimal difference as a unified diff and writes the two versions found', async () => {
    const [outPass, outFail] = [join(dir, 'found-pass.conf'), join(dir, 'found-fail.conf')];
    const { code, stdout, stderr } = await deltalab(
      'isolate',
      '--oracle-cmd',
      TEST,
      '--pass-file',
      good,
      '--fail-file',
      bad,
      '--output-pass',
      outPass,
      '--output-fail',
      outFail,
    );
    expect(code).toBe(0);
    const [passing, failing] = [readFileSync(outPass, 'utf8'), readFileSync(outFail, 'utf8')];
    // One line apart: the failing version has both settings, the passing one lacks one.
    expect(stdout).toMatch(/^--- a\/bad\.conf\n\+\+\+ b\/bad\.conf\n@@ /);
    const changed = stdout.split('\n').filter((line) => /^[-+][^-+]/.test(line));
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatch(/^\+(debug=true|cache=off)$/);
    expect(failing.split('\n')).toContain(changed[0]?.slice(1));
    expect(passing).toBe(failing.replace(`${changed[0]?.slice(1)}\n`, ''));
    expect(said(stderr)).toEqual([
      expect.stringMatching(
        /^deltalab: 1 edit makes the difference, verified 1-minimal \(\d+ calls, \d+ executions\)$/,
      ),
    ]);
    // The inputs are left as they were.
    expect(readFileSync(good, 'utf8')).toBe(GOOD);
    expect(readFileSync(bad, 'utf8')).toBe(BAD);
  });

  it('prints JSON with --format json; --mode min keeps the passing version and the edits it needs', async () => {
    const { code, stdout } = await deltalab(
      'isolate',
      '--oracle-cmd',
      TEST,
      '--pass-file',
      good,
      '--fail-file',
      bad,
      '--mode',
      'min',
      '--format',
      'json',
    );
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(result).toMatchObject({
      status: 'isolated',
      mode: 'min',
      kind: 'string',
      split: 'lines',
    });
    expect(result).toMatchObject({ pass: GOOD, startPass: GOOD, startFail: BAD, verified: true });
    // Every edit of the set is needed: the two lines the test looks for, the rest left out.
    expect(result.difference).toEqual([
      { op: 'insert', at: 4, unit: 'debug=true\n' },
      { op: 'insert', at: 6, unit: 'cache=off\n' },
    ]);
    expect(result.fail).toBe(
      `${GOOD.replace('debug=false\n', 'debug=false\ndebug=true\n')}cache=off\n`,
    );
    expect(result.patch).toContain('+debug=true\n');
    expect(result.history[0]).not.toHaveProperty('pass');
    expect(result.history[0]).toHaveProperty('outcome');
  });

  it('prints the files’ terminal escapes in the diff escaped, as the text drawing does; tabs kept', async () => {
    const before = file('before.txt', 'a\tb\nkeep\n');
    const after = file('after.txt', 'a\tb\n\u001b[2J\u001b]0;owned\u0007boom\u009b1m\nkeep\n');
    const { code, stdout } = await deltalab(
      'isolate',
      '--oracle-cmd',
      'grep -q boom {}',
      '--pass-file',
      before,
      '--fail-file',
      after,
    );
    expect(code).toBe(0);
    expect(stdout).toContain('+\\u001b[2J\\u001b]0;owned\\u0007boom\\u009b1m\n');
    expect(stdout).toContain(' a\tb\n');
    const controls = [...stdout].filter((char) => {
      const code = char.codePointAt(0) ?? 0;
      return (code < 0x20 && char !== '\n' && char !== '\t') || (code >= 0x7f && code <= 0x9f);
    });
    expect(controls).toEqual([]);
  });

  it('refuses in one line, exit 2, a command that passes on the failing version or fails on the passing one', async () => {
    const cases: [string[], string][] = [
      [
        ['--pass-file', bad, '--fail-file', good],
        `deltalab: the command on ${good} does not fail: its exit status is 1`,
      ],
      [
        ['--pass-file', bad, '--fail-file', file('also-bad.conf', `${BAD}\n`)],
        `deltalab: the command on ${bad} fails too: there is no difference to isolate (its exit status is 0)`,
      ],
    ];
    for (const [args, message] of cases) {
      const { code, stdout, stderr } = await deltalab('isolate', '--oracle-cmd', TEST, ...args);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(oneLine(stderr)).toBe(message);
    }
    const missing = await deltalab('isolate', '--oracle-cmd', TEST, '--pass-file', good);
    expect(oneLine(missing.stderr)).toMatch(/give --pass-file P and --fail-file F/);
  });

  it('judges ahead with --jobs 2 to the same result and session; the session replays with nothing run', async () => {
    const log = join(dir, 'runs.log');
    const counted = `echo run >> ${log}; ${TEST}`;
    const outputs: string[] = [];
    const sessions: string[] = [];
    for (const jobs of ['1', '2']) {
      const record = join(dir, `jobs-${jobs}.jsonl`);
      const args = ['--pass-file', good, '--fail-file', bad, '--jobs', jobs, '--record', record];
      const { code, stdout } = await deltalab(
        'isolate',
        '--oracle-cmd',
        counted,
        ...args,
        '--format',
        'json',
      );
      expect(code).toBe(0);
      outputs.push(stdout);
      sessions.push(readFileSync(record, 'utf8'));
    }
    expect(outputs[1]).toBe(outputs[0]);
    const events = sessions.map((text) => withoutDurations(readSession(text)).events);
    expect(events[1]).toEqual(events[0]);
    const runs = readFileSync(log, 'utf8').length;
    const replayed = await deltalab('replay', join(dir, 'jobs-1.jsonl'));
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).toBe(outputs[0]);
    expect(readFileSync(log, 'utf8').length).toBe(runs);
  });
});

describe('deltalab isolate --pass-file --fail-file (two folders)', () => {
  /** Writes a folder of files. */
  const folder = (name: string, files: Record<string, string>) => {
    const root = join(dir, name);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  };
  const logo = '\u0000\u0001PNG';
  const v1 = folder('v1', {
    'README.md': 'same\n',
    'logo.png': logo,
    'src/app.js': 'const port = 80;\nconst debug = false;\nstart(port);\n',
    'conf/legacy.cfg': 'compat=on\n',
  });
  const v2 = folder('v2', {
    'README.md': 'same\n',
    'logo.png': logo,
    'src/app.js': 'const port = 8080;\nconst debug = true;\nstart(port);\n',
    'conf/strict.cfg': 'strict=on\n',
  });

  it('edits lines of the files both have and adds or removes whole files; the difference names its file', async () => {
    // The app fails in strict mode without the compatibility settings: two files' doing.
    const test = 'test -f conf/strict.cfg && test ! -f conf/legacy.cfg && test -f logo.png';
    const [outPass, outFail] = [join(dir, 'out-pass'), join(dir, 'out-fail')];
    const args = [
      '--pass-file',
      v1,
      '--fail-file',
      v2,
      '--output-pass',
      outPass,
      '--output-fail',
      outFail,
    ];
    const { code, stdout } = await deltalab(
      'isolate',
      '--oracle-cmd',
      test,
      ...args,
      '--format',
      'json',
    );
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(result).toMatchObject({ status: 'isolated', tree: 'folder', verified: true });
    expect(result.difference).toHaveLength(1);
    const [only] = result.difference;
    expect(['conf/strict.cfg', 'conf/legacy.cfg']).toContain(only.unit.file);
    expect(result.files).toEqual([only.unit.file]);
    // The sides hold the files that differ; those alike (a binary one too) are in every trial.
    expect(result.startPass).toEqual({
      'conf/legacy.cfg': 'compat=on\n',
      'src/app.js': 'const port = 80;\nconst debug = false;\nstart(port);\n',
    });
    expect(result.patch).toMatch(
      only.op === 'insert'
        ? /^--- \/dev\/null\n\+\+\+ b\/conf\/strict\.cfg/
        : /^--- a\/conf\/legacy\.cfg\n\+\+\+ \/dev\/null/,
    );
    const files = (root: string) => readdirSync(root, { recursive: true }).map(String).sort();
    expect(files(outFail)).toEqual([
      'README.md',
      'conf',
      'conf/strict.cfg',
      'logo.png',
      'src',
      'src/app.js',
    ]);
    expect(readFileSync(join(outPass, 'logo.png'), 'latin1')).toBe(logo);
    // The passing version found lacks the one file change the difference makes.
    const removal = only.op === 'delete';
    expect(existsSync(join(outPass, 'conf/legacy.cfg'))).toBe(removal);
    expect(existsSync(join(outPass, 'conf/strict.cfg'))).toBe(removal);
  });

  it('finds the changed line inside a file, and prints it as the unified diff of that file', async () => {
    const { code, stdout } = await deltalab(
      'isolate',
      '--oracle-cmd',
      'grep -q "debug = true" src/app.js',
      '--pass-file',
      v1,
      '--fail-file',
      v2,
    );
    expect(code).toBe(0);
    expect(stdout).toMatch(/^--- a\/src\/app\.js\n\+\+\+ b\/src\/app\.js\n/);
    expect(stdout).toContain('\n+const debug = true;');
    expect(stdout).not.toContain('strict');
  });
});
