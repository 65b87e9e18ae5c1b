import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type EscapeTargets,
  escapeBody,
  type Listener,
  listen,
  NODE_MODULES,
  socketFolder,
  victim,
} from '../support/escape.js';
import { eventually } from '../support/processes.js';
import { BIN, scratch } from './support.js';

/**
 * Containment is checked by trying to get out. A Python module's candidate takes its sandbox
 * process's own `Function` from Pyodide (`pyodide_js.registerJsModule.constructor`), and with it
 * `process`: then it connects to the test's listeners, signals an unrelated process and its
 * parent, truncates and writes its console's file descriptors and reads a package that is not
 * its own. Under each mechanism all of it fails; with nothing containing it, the same module
 * gets out every way (so these tests do see what they look for).
 */
const { dir, file } = scratch('deltalab-containment-');
const OTHER = join(NODE_MODULES, 'ses/package.json');

let tcp: Listener & { port: number };
let unix: Listener;
const SOCKETS = socketFolder();
const SOCKET = join(SOCKETS, 'listener.sock');

beforeAll(async () => {
  tcp = await listen();
  unix = await listen(SOCKET);
});
afterAll(async () => {
  await tcp.close();
  await unix.close();
  rmSync(SOCKETS, { recursive: true, force: true });
});

/** The escaping module, aimed at the listeners and at `victim`. */
function escapingModule(targets: EscapeTargets): string {
  return file(
    `escape-${targets.victim}.py`,
    `import pyodide_js

# Pyodide's own functions are the sandbox process's: their constructor is its Function.
ESCAPE = pyodide_js.registerJsModule.constructor(r'''${escapeBody(targets)}''')()

def candidate(a):
    return ESCAPE(a[0])

def reference(a):
    return "reference"
`,
  );
}

/** What a run gave: its exit, stdout, and the file its stderr went to (with a header first). */
interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderrFile: string;
}

const HEADER = 'header-before-the-run\n';

/** Runs `deltalab reduce` on `module` with `input`, stderr to a file that holds a header. */
async function reduce(module: string, input: string, env: NodeJS.ProcessEnv): Promise<Run> {
  const stderrFile = join(dir, `stderr-${Math.random().toString(36).slice(2)}.txt`);
  writeFileSync(stderrFile, HEADER);
  const fd = openSync(stderrFile, 'a');
  const child = spawn(process.execPath, [BIN, 'reduce', '--module', module, '--input', input], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', fd],
  });
  closeSync(fd);
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.on('close', (...end) => resolve(end)),
  );
  return { code, signal, stdout, stderrFile };
}

/** What the candidate saw from inside, from the run's JSON. */
function seenInside(run: Run): Record<string, string> {
  return JSON.parse(JSON.parse(run.stdout).actual);
}

/** Waits long enough for a connection the sandbox started to arrive, had it got out. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

describe.each(['bwrap', 'unshare'] as const)('a Python sandbox contained by %s', (mechanism) => {
  const env = { DELTALAB_CONTAINMENT: mechanism };

  it('reaches no network, signals no other process, keeps off the command’s stderr file and reads only its own files', async () => {
    const other = victim();
    const before = { tcp: tcp.connections(), unix: unix.connections() };
    const module = escapingModule({
      port: tcp.port,
      socket: SOCKET,
      victim: other.pid as number,
      other: OTHER,
    });
    const run = await reduce(module, '[1]', env);
    expect(run.code).toBe(0);
    const seen = seenInside(run);
    expect(seen).toMatchObject({
      // its own PID namespace: its parent is the namespace's first process
      ppid: 1,
      tcp: 'tried',
      http: 'tried',
      unixSocket: 'tried',
      killOther: 'threw ESRCH',
      // its console is a pipe of its own
      truncate1: 'threw EINVAL',
      truncate2: 'threw EINVAL',
      write1: '16',
      write2: '16',
      otherPackage: 'threw ERR_ACCESS_DENIED',
    });
    await settle();
    expect(tcp.connections() - before.tcp).toBe(0);
    expect(unix.connections() - before.unix).toBe(0);
    expect(other.alive()).toBe(true);
    other.kill();
    const stderr = readFileSync(run.stderrFile, 'utf8');
    // The header is intact; what the sandbox wrote to its fds 1 and 2 was passed on after it.
    expect(stderr.startsWith(HEADER)).toBe(true);
    expect(stderr).toContain('written-to-fd-1\n');
    expect(stderr).toContain('written-to-fd-2\n');
  });

  it('cannot kill deltalab: a SIGKILL to its parent leaves the command to print its result', async () => {
    const other = victim();
    const module = escapingModule({
      port: tcp.port,
      socket: SOCKET,
      victim: other.pid as number,
      other: OTHER,
    });
    const run = await reduce(module, '[2]', env);
    other.kill();
    expect([run.code, run.signal]).toEqual([0, null]);
    expect(JSON.parse(run.stdout)).toMatchObject({ status: 'reduced', verified: true });
    // The signal went to the sandbox's own init, which takes none it has no handler for.
    expect(seenInside(run)).toMatchObject({ ppid: 1, killParent: 'true' });
  });
});

describe('the same Python module where nothing contains its sandbox', () => {
  const env = { DELTALAB_CONTAINMENT: 'none', DELTALAB_UNCONTAINED_PYTHON: '1' };

  it('gets out every way (so the contained runs above see what they look for)', async () => {
    const other = victim();
    const before = { tcp: tcp.connections(), unix: unix.connections() };
    const module = escapingModule({
      port: tcp.port,
      socket: SOCKET,
      victim: other.pid as number,
      other: OTHER,
    });
    const run = await reduce(module, '[1]', env);
    expect(run.code).toBe(0);
    expect(seenInside(run)).toMatchObject({
      killOther: 'true',
      // Node's permission model, which allows the sandbox's own files alone, still holds.
      otherPackage: 'threw ERR_ACCESS_DENIED',
    });
    // Two connections each way (raw TCP and HTTP); one to the socket.
    expect(await eventually(() => tcp.connections() - before.tcp >= 2)).toBe(true);
    expect(await eventually(() => unix.connections() - before.unix >= 1)).toBe(true);
    expect(await eventually(() => !other.alive())).toBe(true);
    expect(readFileSync(run.stderrFile, 'utf8')).toContain(
      "deltalab: warning: nothing but Node's permission model contains the sandbox processes here",
    );
  });

  it('kills deltalab with a SIGKILL to its parent', async () => {
    const other = victim();
    const module = escapingModule({
      port: tcp.port,
      socket: SOCKET,
      victim: other.pid as number,
      other: OTHER,
    });
    const run = await reduce(module, '[2]', env);
    other.kill();
    expect([run.code, run.signal, run.stdout]).toEqual([null, 'SIGKILL', '']);
  });
});
