import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, deltalab, scratch } from './support.js';

/**
 * Isolations of long inputs: the diff between the two sides is bounded in time, so that the
 * command stays responsive. Two 20,000-line files that differ in every line (CRLF against LF)
 * took minutes to diff, deaf to Ctrl-C all along.
 */
const { dir, file } = scratch('deltalab-isolate-long-');

const LINES = Array.from({ length: 20_000 }, (_, i) => `setting_${i} = ${i * 7}`);
const LF = file('lf.conf', `${LINES.join('\n')}\n`);
const CRLF = file('crlf.conf', `${LINES.join('\r\n')}\r\n`);

/** What a run interrupted by Ctrl-C gave, and how long it took to end after the signal. */
interface Interrupted {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Milliseconds from SIGINT to the end (0 if it had ended before). */
  answeredMs: number;
}

/**
 * Runs deltalab, waits until `ready()` (polled) and `ms` more, sends SIGINT, and waits for the
 * end (killing the command if it has not ended 20 s after the signal).
 */
async function interrupt(args: string[], ready: () => boolean, ms: number): Promise<Interrupted> {
  const child = spawn(process.execPath, [BIN, ...args]);
  let [stdout, stderr] = ['', ''];
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  let ended = false;
  void closed.then(() => {
    ended = true;
  });
  const started = Date.now();
  while (!ready() && !ended && Date.now() - started < 30_000) await sleep(50);
  await sleep(ms);
  const signalled = Date.now();
  if (!ended) child.kill('SIGINT');
  const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const code = await closed;
  clearTimeout(killer);
  return { code, stdout, stderr, answeredMs: ended ? Date.now() - signalled : 0 };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('isolating two long files', () => {
  it('answers Ctrl-C within seconds once the sides are judged (20,000 lines, CRLF against LF)', {
    timeout: 120_000,
  }, async () => {
    // The command counts its runs in a file: once it has run, the sides are being judged and
    // the diff made (it used to take minutes, deaf to the signal, from there).
    const runs = join(dir, 'runs');
    const test = `echo run >> ${runs}; sleep 0.3; grep -q "$(printf '\\r')" {}`;
    const ran = () => existsSync(runs) && readFileSync(runs, 'utf8').split('\n').length > 2;
    const args = ['isolate', '--oracle-cmd', test, '--pass-file', LF, '--fail-file', CRLF];
    const { code, stderr, answeredMs } = await interrupt(args, ran, 1000);
    expect(answeredMs).toBeLessThan(5000);
    expect(code).toBe(130);
    expect(stderr).toMatch(/deltalab: stopped by Ctrl-C/);
  });

  it('prints the one line that makes the difference, its \\r escaped', {
    timeout: 120_000,
  }, async () => {
    const test = `grep -q "$(printf '\\r')" {}`;
    const { code, stdout } = await deltalab(
      'isolate',
      '--oracle-cmd',
      test,
      '--pass-file',
      LF,
      '--fail-file',
      CRLF,
    );
    expect(code).toBe(0);
    expect(stdout).toMatch(/^\+setting_\d+ = \d+\\u000d$/m);
    expect(stdout).not.toContain('\r');
  });
});

describe('isolating two long files with --jobs 2', () => {
  // The trials judged ahead were worked out again from the start after every verdict, each
  // one's whole input made again: up to a second at a time, deaf to Ctrl-C.
  it('answers Ctrl-C within seconds while trials are judged ahead', {
    timeout: 120_000,
  }, async () => {
    const runs = join(dir, 'runs-jobs');
    const test = `echo run >> ${runs}; sleep 0.2; grep -q "$(printf '\\r')" {}`;
    const ran = () => existsSync(runs) && readFileSync(runs, 'utf8').split('\n').length > 4;
    const args = ['isolate', '--oracle-cmd', test, '--pass-file', LF, '--fail-file', CRLF];
    const { code, stderr, answeredMs } = await interrupt([...args, '--jobs', '2'], ran, 500);
    expect(answeredMs).toBeLessThan(5000);
    expect(code).toBe(130);
    expect(stderr).toMatch(/deltalab: stopped by Ctrl-C/);
  });

  it('prints what one job prints', { timeout: 120_000 }, async () => {
    const test = `grep -q "$(printf '\\r')" {}`;
    const args = ['isolate', '--oracle-cmd', test, '--pass-file', LF, '--fail-file', CRLF];
    const one = await deltalab(...args);
    const two = await deltalab(...args, '--jobs', '2');
    expect(two.code).toBe(0);
    expect(two.stdout).toBe(one.stdout);
  });
});

describe('isolating a change between two long modules', () => {
  const code = (path: string) =>
    readFileSync(join(import.meta.dirname, `../../examples/code/${path}`), 'utf8');
  /** A module of 9,000 lines and more: the article's code, then comments that differ. */
  const module = (name: string, candidate: string, tag: string) =>
    file(
      name,
      [
        code(candidate),
        code('max-subarray/reference.js'),
        ...Array.from({ length: 9000 }, (_, i) => `// note ${i}, ${tag}`),
      ].join('\n'),
    );
  const today = module('today.js', 'max-subarray/candidate.js', 'today');
  const yesterday = module('yesterday.js', 'max-subarray/corrected.js', 'yesterday');

  it('answers Ctrl-C within seconds (9,000 lines changed)', { timeout: 120_000 }, async () => {
    const args = ['isolate', '--module', today, '--changes', yesterday, '--call', '[-3,-1,-2]'];
    const { code, answeredMs } = await interrupt([...args, '--history', 'none'], () => true, 2500);
    // Ended by the signal, or done before it came; either way at once.
    expect(answeredMs).toBeLessThan(5000);
    expect([0, 130]).toContain(code);
  });
});
