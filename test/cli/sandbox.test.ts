import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { descendantsOf, eventually, type ProcessStat, stillRunning } from '../support/processes.js';

/**
 * The CLI's sandbox from outside, as a user's module meets it: each test runs the real command
 * in a folder of its own and looks at what the command printed and left behind.
 */
const BIN = join(import.meta.dirname, '../../bin/deltalab.js');

/** A fresh folder for a test's module; the command runs there. */
function folder(): string {
  return mkdtempSync(join(tmpdir(), 'deltalab-sandbox-'));
}

/**
 * Runs the command, and notes every process seen below it while it runs (looked at every 20 ms):
 * its sandboxes, and what contains them.
 */
async function deltalab(cwd: string, ...args: string[]) {
  const child = spawn(process.execPath, [BIN, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const seen = new Map<string, ProcessStat>();
  const look = setInterval(() => {
    if (child.pid === undefined) return;
    for (const stat of descendantsOf(child.pid)) seen.set(`${stat.pid} ${stat.started}`, stat);
  }, 20);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearInterval(look);
  return { code, stdout, stderr, seen: [...seen.values()] };
}

/** Whether every process in `seen` has ended (within a few seconds). */
function allEnded(seen: readonly ProcessStat[]): Promise<boolean> {
  return eventually(() => stillRunning(seen).length === 0);
}

/** A module whose candidate tries every way out it can think of, then returns what it saw. */
const PROBE = `export function reference(a) {
  return 'reference';
}
export function candidate(a) {
  console.log('logged-by-the-candidate');
  const seen = {};
  const attempt = (name, fn) => {
    try { seen[name] = String(fn()); } catch (error) { seen[name] = 'threw ' + error.name; }
  };
  attempt('process', () => typeof process);
  attempt('globalProcess', () => typeof globalThis.process);
  attempt('functionThis', () => typeof Function('return this')().process);
  attempt('constructor', () => typeof console.log.constructor('return process')());
  attempt('require', () => typeof require);
  attempt('requireFs', () => require('fs'));
  attempt('fetch', () => typeof fetch);
  attempt('setTimeout', () => typeof setTimeout);
  attempt('patch', () => { Array.prototype.push = null; return 'patched'; });
  return seen;
}`;

describe('the CLI sandbox', () => {
  it('keeps stdout for the JSON: user code logs to stderr and reaches no process, file or timer', async () => {
    const cwd = folder();
    const module = join(cwd, 'probe.js');
    writeFileSync(module, PROBE);
    const { code, stdout, stderr, seen } = await deltalab(
      cwd,
      'reduce',
      '--module',
      module,
      '--input',
      '[1]',
    );
    expect(code).toBe(0);
    const summary = JSON.parse(stdout);
    expect(summary.actual).toEqual({
      constructor: 'threw TypeError',
      fetch: 'undefined',
      functionThis: 'threw TypeError',
      globalProcess: 'undefined',
      patch: 'threw TypeError',
      process: 'undefined',
      requireFs: 'threw Error',
      // the sandbox's own stand-in, which refuses every import
      require: 'function',
      setTimeout: 'undefined',
    });
    expect(stderr).toContain('logged-by-the-candidate');
    expect(stdout).not.toContain('logged-by-the-candidate');
    expect(seen.length).toBeGreaterThan(0);
    expect(await allEnded(seen)).toBe(true);
  });

  it('passes on the first megabyte of what a sandbox prints, then says the rest is left out', async () => {
    const cwd = folder();
    const module = join(cwd, 'flood.js');
    writeFileSync(
      module,
      `export function candidate(a) {
  for (let i = 0; i < 3000; i++) console.log('x'.repeat(999));
  return 1;
}
export function reference(a) { return 0; }`,
    );
    // Into a file, as a log would take it (a pipe read slowly would hold the sandbox back).
    const log = join(cwd, 'stderr.txt');
    const fd = openSync(log, 'w');
    const child = spawn(process.execPath, [BIN, 'reduce', '--module', module, '--input', '[1]'], {
      stdio: ['ignore', 'ignore', fd],
    });
    closeSync(fd);
    expect(await new Promise((resolve) => child.on('close', resolve))).toBe(0);
    const stderr = readFileSync(log, 'utf8');
    const notice =
      'deltalab: a sandbox printed more than 1 MB; the rest of what it prints is left out\n';
    expect(stderr.slice(-notice.length - 20)).toBe(`${'x'.repeat(19)}\n${notice}`);
    expect(stderr.length).toBe(1024 * 1024 + 1 + notice.length);
  });

  it('bounds memory, ArrayBuffers included: a call that allocates without end is a CRASH OutOfMemory', async () => {
    const cwd = folder();
    const module = join(cwd, 'allocate.js');
    writeFileSync(
      module,
      `export function candidate(a) {
  const keep = [];
  for (;;) keep.push(new Uint8Array(32e6).fill(a.length));
}
export function reference(a) { return 0; }`,
    );
    const started = performance.now();
    const { code, stdout, seen } = await deltalab(
      cwd,
      'reduce',
      '--module',
      module,
      '--input',
      '[1]',
      '--chase',
      'crash:OutOfMemory',
      '--timeout',
      '20000',
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ reduced: [1], verified: true });
    // Well before the 20 s budget: the memory watch ended it, not the clock.
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(await allEnded(seen)).toBe(true);
  });

  it('leaves no process behind when the command is stopped in the middle of a hang', async () => {
    const cwd = folder();
    const module = join(cwd, 'hang.js');
    writeFileSync(
      module,
      'export function candidate(a) { for (;;) {} }\nexport function reference(a) { return 0; }',
    );
    const child = spawn(
      process.execPath,
      [BIN, 'reduce', '--module', module, '--input', '[1,2]', '--timeout', '60000'],
      { cwd, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    // Wait until both sandboxes' node processes run (the hang has begun), then stop the command.
    let seen: ProcessStat[] = [];
    await eventually(() => {
      seen = descendantsOf(child.pid as number);
      return seen.filter((stat) => stat.name === 'node').length >= 2;
    }, 5000);
    // Two sandboxes (node), and what contains them.
    expect(seen.filter((stat) => stat.name === 'node').length).toBe(2);
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).toContain('deltalab: stopped by SIGINT');
    expect(await allEnded(seen)).toBe(true);
    expect(existsSync(join(cwd, 'hang.js'))).toBe(true);
  });
});

describe('when deltalab itself is killed (SIGKILL) during a call that hangs', () => {
  const HANG = {
    js: "export function candidate(a) { console.log('hang-begins'); for (;;) {} }\nexport function reference(a) { return 0; }",
    py: 'def candidate(a):\n    print("hang-begins")\n    while True:\n        pass\n\ndef reference(a):\n    return 0\n',
  };
  const runs = [
    ['js', 'bwrap'],
    ['js', 'unshare'],
    // Nothing contains it, but setpriv still makes it die with its parent.
    ['js', 'none'],
    ['py', 'bwrap'],
  ] as const;

  it.each(runs)(
    'no %s sandbox (%s) outlives it',
    async (language, mechanism) => {
      const cwd = folder();
      const module = join(cwd, `hang.${language}`);
      writeFileSync(module, HANG[language]);
      const child = spawn(
        process.execPath,
        [BIN, 'reduce', '--module', module, '--input', '[1,2]', '--timeout', '60000'],
        {
          cwd,
          stdio: ['ignore', 'ignore', 'pipe'],
          env: { ...process.env, DELTALAB_CONTAINMENT: mechanism, DELTALAB_UNCONTAINED_PYTHON: '' },
        },
      );
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      // The candidate's call has begun its hang (it said so on its console, which deltalab
      // passes on), and both sandboxes' node processes run.
      let seen: ProcessStat[] = [];
      const nodes = () => seen.filter((stat) => stat.name === 'node');
      await eventually(() => {
        seen = descendantsOf(child.pid as number);
        return stderr.includes('hang-begins') && nodes().length >= 2;
      }, 20_000);
      expect(stderr).toContain('hang-begins');
      expect(nodes().length).toBe(2);
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      // Nothing the command started is left: none reparented to init, none still spinning.
      expect(await allEnded(seen)).toBe(true);
    },
    40_000,
  );
});
