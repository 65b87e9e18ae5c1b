import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * The CLI's sandbox from outside, as a user's module meets it: each test runs the real command
 * in a folder of its own and looks at what the command printed and left behind.
 */
const exec = promisify(execFile);
const BIN = join(import.meta.dirname, '../../bin/deltalab.js');

/** A fresh folder: the command runs there, and its sandboxes inherit it as their cwd. */
function folder(): string {
  return mkdtempSync(join(tmpdir(), 'deltalab-sandbox-'));
}

async function deltalab(cwd: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await exec(process.execPath, [BIN, ...args], {
      cwd,
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Processes whose working folder is `cwd` (the command's sandboxes, and anything they left). */
function processesIn(cwd: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readlinkSync(`/proc/${entry}/cwd`) === cwd) found.push(Number(entry));
    } catch {
      // gone, or not ours to read
    }
  }
  return found;
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
    const { code, stdout, stderr } = await deltalab(
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
    expect(processesIn(cwd)).toEqual([]);
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
    const { code, stdout } = await deltalab(
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
    expect(processesIn(cwd)).toEqual([]);
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
    // Wait until the sandboxes run (the hang has begun), then stop the command.
    for (let i = 0; i < 100 && processesIn(cwd).length < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(processesIn(cwd).length).toBeGreaterThanOrEqual(3); // the command and two sandboxes
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).toContain('deltalab: stopped by SIGINT');
    for (let i = 0; i < 40 && processesIn(cwd).length > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(processesIn(cwd)).toEqual([]);
    expect(existsSync(join(cwd, 'hang.js'))).toBe(true);
  });
});
