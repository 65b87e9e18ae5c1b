import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSession } from '../../src/core/session/format/reader.js';
import { withoutDurations } from '../../src/core/session/normalise.js';
import { BIN, deltalab, scratch } from './support.js';

/**
 * `deltalab reduce --oracle-cmd`: real files reduced with real commands (node, sh), judged by
 * their exit status, as C-Reduce and picire judge an "interestingness test".
 */
const { dir, file } = scratch('deltalab-command-');

/** The `deltalab:` lines of stderr that are not progress. */
const said = (stderr: string) =>
  stderr.split('\n').filter((line) => line.startsWith('deltalab:') && !/ trials, size /.test(line));

/** A package file with one trailing comma, which JSON.parse rejects. */
const PACKAGE = `{
  "name": "shop",
  "version": "1.0.0",
  "scripts": {
    "build": "vite build",
    "test": "vitest",
  },
  "dependencies": {
    "lit": "^3.0.0"
  }
}
`;

/** Interesting while node's JSON.parse rejects the file with the trailing comma's message. */
const PARSE = `! node -e 'JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"))'`;
const COMMA = 'Expected double-quoted property name';

describe('deltalab reduce --oracle-cmd', () => {
  it('reduces a JSON file that JSON.parse rejects, by lines, to the two lines that matter', async () => {
    const input = file('package.json', PACKAGE);
    const output = join(dir, 'reduced.json');
    const { code, stdout } = await deltalab(
      'reduce',
      '--oracle-cmd',
      PARSE,
      '--expect-stderr',
      COMMA,
      '--input-file',
      input,
      '--output',
      output,
      '--split',
      'lines',
    );
    expect(code).toBe(0);
    const summary = JSON.parse(stdout);
    expect(summary).toMatchObject({ kind: 'string', split: 'lines', verified: true });
    // bisect (the default) keeps the line with the trailing comma itself; any member line
    // followed by the end of the file makes the same message.
    expect(summary.reduced).toBe('{\n    "test": "vitest",\n');
    expect(readFileSync(output, 'utf8')).toBe(summary.reduced);
    // The input is left as it was.
    expect(readFileSync(input, 'utf8')).toBe(PACKAGE);
  });

  it('tells a different failure apart by its message', async () => {
    // Without the expected message, any parse error is interesting: one line is enough.
    const input = file('any.json', PACKAGE);
    const { code, stdout } = await deltalab(
      'reduce',
      '--oracle-cmd',
      PARSE,
      '--input-file',
      input,
      '--split',
      'lines',
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout).reduced.split('\n').filter(Boolean)).toHaveLength(1);
  });

  it('reduces a source file that `node --check` rejects with one message, by characters', async () => {
    const source = file(
      'app.js',
      'function total(items) {\n  let sum = 0;\n  for (const item of items) sum += item.price;\n  return sum;\n}\nconst x = [1, 2, 3;\n',
    );
    const { code, stdout } = await deltalab(
      'reduce',
      '--oracle-cmd',
      `node --check {} 2>&1 | grep -q "Unexpected token ';'"`,
      '--input-file',
      source,
      '--split',
      'chars',
      '--jobs',
      '2',
    );
    expect(code).toBe(0);
    const summary = JSON.parse(stdout);
    expect(summary.verified).toBe(true);
    expect(summary.reduced.length).toBeLessThanOrEqual(3);
    expect(summary.reduced).toContain(';');
  });

  it('runs a shell script as the test, with INVALID by exit status', async () => {
    const script = file(
      'interesting.sh',
      '#!/bin/sh\n# 2: not a log at all; 0: it has the bad pair\ngrep -q "^ts=" "$1" || exit 2\ngrep -q "level=fatal" "$1" && grep -q "disk=full" "$1"\n',
    );
    const log = file(
      'app.log',
      `${Array.from({ length: 40 }, (_, i) => `ts=${i} level=info msg=ok`).join('\n')}\nts=41 level=fatal disk=full\nts=42 level=info\n`,
    );
    const { code, stdout } = await deltalab(
      'reduce',
      '--oracle-cmd',
      `sh ${script}`,
      '--invalid-exit',
      '2',
      '--input-file',
      log,
      '--split',
      'lines',
    );
    expect(code).toBe(0);
    const summary = JSON.parse(stdout);
    expect(summary.reduced).toBe('ts=41 level=fatal disk=full\n');
    type Row = { outcome: string; trial: string };
    const outcomes = new Set(summary.history.map((row: Row) => row.outcome));
    expect(outcomes).toEqual(new Set(['PASS', 'FAIL', 'INVALID']));
    // Exit status 2 (no "ts=" line left) is INVALID, and only that.
    for (const row of summary.history as Row[]) {
      expect(row.outcome === 'INVALID', row.trial).toBe(!/^ts=/m.test(row.trial));
    }
  });

  it('judges a command that runs past --timeout as TIMEOUT and ends what it started', async () => {
    const marker = join(dir, 'survivor');
    const input = file('slow.txt', 'a\nb\nslow\n');
    // "slow" without "a" hangs (with a child of its own that would write the marker later).
    const test = `if grep -q slow {} && ! grep -q a {}; then (sleep 3; touch ${marker}) & sleep 30; fi; grep -q b {}`;
    const { code, stdout } = await deltalab(
      'reduce',
      '--oracle-cmd',
      test,
      '--timeout',
      '400',
      '--input-file',
      input,
      '--split',
      'lines',
    );
    expect(code).toBe(0);
    const summary = JSON.parse(stdout);
    expect(summary.reduced).toBe('b\n');
    expect(summary.history.some((row: { outcome: string }) => row.outcome === 'TIMEOUT')).toBe(
      true,
    );
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(existsSync(marker)).toBe(false);
  });

  it('gives the same result and the same session with --jobs 2 as with --jobs 1', async () => {
    const input = file('jobs.json', PACKAGE);
    const sessions: string[] = [];
    const results: unknown[] = [];
    for (const jobs of ['1', '2']) {
      const record = join(dir, `jobs-${jobs}.jsonl`);
      const { code, stdout } = await deltalab(
        'reduce',
        '--oracle-cmd',
        PARSE,
        '--expect-stderr',
        COMMA,
        '--input-file',
        input,
        '--split',
        'chars',
        '--jobs',
        jobs,
        '--record',
        record,
      );
      expect(code).toBe(0);
      const { history: _history, ...summary } = JSON.parse(stdout);
      results.push(summary);
      sessions.push(readFileSync(record, 'utf8'));
    }
    expect(results[1]).toEqual(results[0]);
    const events = sessions.map((text) => withoutDurations(readSession(text)).events);
    expect(events[1]).toEqual(events[0]);
    expect((results[0] as { reduced: string }).reduced).toBe('{"":"",');
  });

  it('records the outcomes as data: the session replays with no command to run', async () => {
    const input = file('replayed.json', PACKAGE);
    const record = join(dir, 'replayed.jsonl');
    const live = await deltalab(
      'reduce',
      '--oracle-cmd',
      PARSE,
      '--expect-stderr',
      COMMA,
      '--input-file',
      input,
      '--record',
      record,
    );
    expect(live.code).toBe(0);
    const header = JSON.parse(readFileSync(record, 'utf8').split('\n')[0] as string);
    expect(header.config.code.command).toMatchObject({ name: 'replayed.json' });
    const replayed = await deltalab('replay', record);
    expect(replayed.code).toBe(0);
    expect(JSON.parse(replayed.stdout).reduced).toBe(JSON.parse(live.stdout).reduced);
  });

  it('stops cleanly on Ctrl-C, prints the best result so far and says it is not verified', async () => {
    const input = file(
      'long.txt',
      // Interesting while 150 of the 200 x's are left: many trials, each a tenth of a second.
      `${Array.from({ length: 200 }, (_, i) => `x line ${i}`).join('\n')}\n`,
    );
    const output = join(dir, 'partial.txt');
    const child = spawn(process.execPath, [
      BIN,
      'reduce',
      '--oracle-cmd',
      'sleep 0.1; test $(grep -o x {} | wc -l) -ge 150',
      '--input-file',
      input,
      '--split',
      'chars',
      '--output',
      output,
    ]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(130);
    const summary = JSON.parse(stdout);
    expect(summary.status).toBe('cancelled');
    expect(summary.verified).toBe(false);
    // Still failing (150 x's or more), and already smaller than the file.
    expect(summary.reduced.match(/x/g).length).toBeGreaterThanOrEqual(150);
    expect(summary.reduced.length).toBeLessThan(readFileSync(input, 'utf8').length);
    expect(summary.calls).toBeGreaterThan(3);
    expect(readFileSync(output, 'utf8')).toBe(summary.reduced);
    expect(said(stderr)).toEqual([
      'deltalab: stopped by Ctrl-C: the best result so far is shown, not verified 1-minimal',
    ]);
    expect(stderr).toMatch(/deltalab: \d+ trials, size \d+ of \d+ characters, \d+ s/);
  });

  it('writes over the input only with --in-place', async () => {
    const input = file('inplace.json', PACKAGE);
    const refused = await deltalab(
      'reduce',
      '--oracle-cmd',
      PARSE,
      '--input-file',
      input,
      '--output',
      input,
    );
    expect(refused.code).toBe(2);
    expect(said(refused.stderr)).toEqual([
      `deltalab: --output ${input} is the same file as the input --input-file ${input}: --in-place writes over it`,
    ]);
    const { code } = await deltalab(
      'reduce',
      '--oracle-cmd',
      PARSE,
      '--expect-stderr',
      COMMA,
      '--input-file',
      input,
      '--in-place',
      '--split',
      'lines',
    );
    expect(code).toBe(0);
    expect(readFileSync(input, 'utf8')).toBe('{\n    "test": "vitest",\n');
  });

  it('says in one line what is wrong, exit 2, and leaves no trial files behind', async () => {
    const input = file('bad-usage.json', PACKAGE);
    // The command oracle's folders: `deltalab-` and six characters (mkdtemp).
    const folders = () => readdirSync(tmpdir()).filter((name) => /^deltalab-\w{6}$/.test(name));
    const before = folders().length;
    const cases: [string[], RegExp][] = [
      [
        ['--oracle-cmd', 'no-such-command-xyz', '--input-file', input],
        /^deltalab: the command is not found \(exit status 127\): .*no-such-command-xyz/,
      ],
      [
        ['--oracle-cmd', 'echo nope; exit 3', '--input-file', input],
        /^deltalab: the input does not fail under the command: its exit status is 3; its output begins: nope$/,
      ],
      [['--oracle-cmd', 'true'], /^deltalab: --oracle-cmd reduces a file: give --input-file FILE$/],
      [
        ['--oracle-cmd', 'true', '--input-file', input, '--split', 'pages'],
        /^deltalab: unknown --split "pages"/,
      ],
      [
        ['--oracle-cmd', 'true', '--input-file', input, '--example', 'article'],
        /^deltalab: --example does not go with --oracle-cmd$/,
      ],
      [
        ['--oracle-cmd', 'true', '--input-file', join(dir, 'missing.txt')],
        /^deltalab: cannot read --input-file .*missing\.txt: no such file$/,
      ],
      [
        ['--oracle-cmd', 'true', '--input-file', input, '--jobs', '0'],
        /^deltalab: --jobs must be from 1 to 64$/,
      ],
    ];
    for (const [args, message] of cases) {
      const { code, stdout, stderr } = await deltalab('reduce', ...args);
      expect(code, args.join(' ')).toBe(2);
      expect(stdout).toBe('');
      expect(said(stderr)).toHaveLength(1);
      expect(said(stderr)[0]).toMatch(message);
    }
    expect(folders().length).toBeLessThanOrEqual(before);
  });
});
