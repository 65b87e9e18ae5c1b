import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CallResult } from '../../../src/core/oracle/classify.js';
import { SandboxClient, type SandboxOptions } from '../../../src/live/sandbox-client.js';
import { transpile } from '../../../src/live/transpile.js';
import type { CodeSpec, Spawn } from '../../../src/protocol/sandbox.js';
import { deepestBelow, sandboxesDownTo, sandboxProcesses } from '../../support/processes.js';

/**
 * These tests run the real worker as the CLI does: compiled to dist/ by `npm run prepare`
 * (which `npm run test:unit` runs first). The client comes from source.
 */
const compiled = new URL('../../../dist/workers/process/spawn-node.js', import.meta.url);
const { spawnNodeSandbox, startSpares, stopSpares, sparesWaiting } = (await import(
  compiled.href
)) as typeof import('../../../workers/process/spawn-node.js');

/** This installation's folder: the only place a sandbox may read from. */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

const SOURCE = `export function candidate(a: number[]): number {
  if (a[0] === 1) while (true) {}
  if (a[0] === 2) throw new TypeError('two is not allowed: ' + a.length);
  if (a[0] === 3) { const keep: number[][] = []; for (;;) keep.push(new Array(1e6).fill(1)); }
  if (a[0] === 4) { const down = (n: number): number => down(n + 1) + 1; return down(0); }
  return a.reduce((sum, x) => sum + x, 0);
}`;
const CODE: CodeSpec = { source: SOURCE, language: 'ts', role: 'candidate' };
const HANG = [1];
const THROW = [2, 0];
const ALLOCATE = [3];
const RECURSE = [4];

function client(options: SandboxOptions = { budgetMs: 500 }, spawn: Spawn = spawnNodeSandbox) {
  return new SandboxClient(spawn, CODE, transpile, options);
}

function kind(result: CallResult | undefined): unknown {
  if (!result) return 'missing';
  if (result.ok) return result.value;
  return result.timeout ? 'TIMEOUT' : result.error.name;
}

async function settlesWithin(
  promise: Promise<unknown>,
  ms: number,
): Promise<'settled' | 'pending'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const pending = new Promise<'pending'>((resolve) => {
    timer = setTimeout(() => resolve('pending'), ms);
  });
  const settled = promise.then(
    () => 'settled' as const,
    () => 'settled' as const,
  );
  const first = await Promise.race([settled, pending]);
  clearTimeout(timer);
  return first;
}

describe('the Node sandbox worker (compiled)', () => {
  it("runs under Node's permission model: reads of its own files only, nothing else allowed", async () => {
    const before = await sandboxesDownTo(0);
    const sandbox = client();
    await sandbox.load();
    // The node process itself, below what contains it (bubblewrap, say).
    const pid = deepestBelow(sandboxProcesses()[before] as number);
    const flags = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    expect(flags[0]).toBe(process.execPath);
    expect(flags).toContain('--experimental-permission');
    const granted = flags.filter((flag) => flag.startsWith('--allow-'));
    expect(granted.length).toBeGreaterThan(0);
    // Reads, of this installation only; no writes, child processes, workers, addons or WASI.
    for (const flag of granted) {
      expect(flag).toMatch(/^--allow-fs-read=/);
      expect(flag.slice('--allow-fs-read='.length).startsWith(ROOT)).toBe(true);
    }
    // No environment of the command's: only the IPC channel Node sets up itself (and the `/`
    // it runs in, which a container may set).
    const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
    expect(environment).toEqual(
      environment.map(() => expect.stringMatching(/^NODE_CHANNEL_|^PWD=\/$/)),
    );
    sandbox.dispose();
  });

  it('loads TypeScript and runs it', async () => {
    const sandbox = client();
    expect(await sandbox.load()).toEqual({ ok: true, exports: ['candidate'], entry: 'candidate' });
    expect(await sandbox.call([5, 6, -1])).toMatchObject({ ok: true, value: 10 });
    sandbox.dispose();
  });

  it('times out a hang, and the next call works on a fresh worker', async () => {
    const sandbox = client({});
    expect(await sandbox.call(HANG)).toMatchObject({
      ok: false,
      timeout: true,
      error: { name: 'Timeout', message: 'ran longer than 1000 ms', role: 'candidate' },
    });
    expect(await sandbox.call([1 - 1, 2])).toMatchObject({ ok: true, value: 2 });
    expect([sandbox.spawned, sandbox.terminated]).toEqual([2, 1]);
    sandbox.dispose();
  });

  it('reports a throw as a crash with its message and line', async () => {
    const sandbox = client();
    expect(await sandbox.call(THROW)).toEqual({
      ok: false,
      error: {
        name: 'TypeError',
        message: 'two is not allowed: 2',
        role: 'candidate',
        line: 3,
        column: 25,
      },
      ms: expect.any(Number),
    });
    expect(sandbox.spawned).toBe(1); // a throw does not cost the worker
    sandbox.dispose();
  });

  it('reports unbounded allocation as OutOfMemory, and the next call works', async () => {
    // Filling 256 MB and giving up on the heap takes V8 a few hundred milliseconds.
    const sandbox = client({ budgetMs: 3000 });
    expect(await sandbox.call(ALLOCATE)).toMatchObject({
      ok: false,
      error: { name: 'OutOfMemory', role: 'candidate' },
    });
    expect(await sandbox.call([7])).toMatchObject({ ok: true, value: 7 });
    expect(sandbox.spawned).toBe(2);
    sandbox.dispose();
  });

  it('reports infinite recursion as a crash, keeping the worker', async () => {
    const sandbox = client();
    expect(await sandbox.call(RECURSE)).toMatchObject({
      ok: false,
      error: { name: 'RangeError', message: 'Maximum call stack size exceeded', line: 5 },
    });
    expect(await sandbox.call([8])).toMatchObject({ ok: true, value: 8 });
    expect(sandbox.spawned).toBe(1);
    sandbox.dispose();
  });

  it('times out only the hanging input of a batch', async () => {
    // Room for the allocation to give up on the heap first on a loaded machine (it took over
    // 2 s with the machine's two cores busy).
    const sandbox = client({ budgetMs: 4000 });
    const results = await sandbox.callBatch([[0, 2], THROW, HANG, [9], ALLOCATE, RECURSE, [0]]);
    expect(results.map(kind)).toEqual([
      2,
      'TypeError',
      'TIMEOUT',
      9,
      'OutOfMemory',
      'RangeError',
      0,
    ]);
    sandbox.dispose();
  });

  it('settles every call and leaves no worker alive after dispose', async () => {
    const before = await sandboxesDownTo(0);
    const ports: { terminated: boolean }[] = [];
    const spawn: Spawn = () => {
      const port = spawnNodeSandbox();
      const record = { terminated: false };
      ports.push(record);
      return {
        ...port,
        terminate() {
          record.terminated = true;
          port.terminate();
        },
      };
    };
    const sandbox = client({ budgetMs: 10_000 }, spawn);
    await sandbox.load();
    expect(sandboxProcesses()).toHaveLength(before + 1);
    const calls = [sandbox.call(HANG), sandbox.call([1, 2]), sandbox.callBatch([[3], HANG])];
    await new Promise((resolve) => setTimeout(resolve, 100));
    sandbox.dispose();
    const states = await Promise.all(calls.map((call) => settlesWithin(call, 2000)));
    expect(states).toEqual(['settled', 'settled', 'settled']);
    for (const call of calls) await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect([sandbox.alive, ports.length, ports.every((port) => port.terminated)]).toEqual([
      0,
      1,
      true,
    ]);

    // The process goes away once killed.
    expect(await sandboxesDownTo(before)).toBe(before);
  });
});

describe('seeded Math.random in the real worker', () => {
  it('seeds a reference to Math.random taken at load time', async () => {
    const code: CodeSpec = {
      source: 'const random = Math.random;\nexport function candidate(a) { return random(); }',
      language: 'js',
      role: 'candidate',
    };
    const first = new SandboxClient(spawnNodeSandbox, code, transpile);
    const second = new SandboxClient(spawnNodeSandbox, code, transpile);
    try {
      const [a, b] = [await first.call([1, 2, 3]), await second.call([1, 2, 3])];
      expect(a.ok && b.ok).toBe(true);
      expect(a.ok && a.value).toEqual(b.ok && b.value);
      const other = await first.call([4]);
      expect(other.ok && other.value).not.toEqual(a.ok && a.value);
    } finally {
      first.dispose();
      second.dispose();
    }
  });
});

describe('spare sandbox processes (started before a command loads)', () => {
  it('hands a waiting spare to the next JavaScript sandbox asked for, which then runs code', async () => {
    // The test before disposes its sandboxes without waiting for them to end: count from none.
    const before = await sandboxesDownTo(0);
    startSpares(2);
    expect(sparesWaiting()).toBe(2);
    expect(sandboxProcesses().length).toBe(before + 2);
    const sandbox = client();
    try {
      expect((await sandbox.load()).ok).toBe(true);
      expect(kind(await sandbox.call([5, 6]))).toBe(11);
      // The client took a spare: no third process was started.
      expect(sparesWaiting()).toBe(1);
      expect(sandboxProcesses().length).toBe(before + 2);
    } finally {
      sandbox.dispose();
      stopSpares();
    }
    // The spare nobody took is ended with the one that ran code.
    expect(sparesWaiting()).toBe(0);
    expect(await sandboxesDownTo(before)).toBe(before);
  });
});
