import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  escapeBody,
  type Listener,
  listen,
  NODE_MODULES,
  socketFolder,
  victim,
} from '../../support/escape.js';
import { eventually } from '../../support/processes.js';

/**
 * The OS's containment of a JavaScript sandbox process, behind the compartment: user code there
 * never holds `process` (test/cli/sandbox.test.ts checks that it cannot get it), so these tests
 * start, with the very code that starts a JavaScript sandbox (its Node flags, its containment),
 * a script that plays code that got out of the compartment anyway, and see what it reaches.
 */
const compiled = new URL('../../../dist/workers/process/sandbox-process.js', import.meta.url);
const { startSandboxProcess } = (await import(
  compiled.href
)) as typeof import('../../../workers/process/sandbox-process.js');

const dir = mkdtempSync(join(tmpdir(), 'deltalab-sandbox-process-'));
const SOCKETS = socketFolder();
const SOCKET = join(SOCKETS, 'listener.sock');
let tcp: Listener & { port: number };
let unix: Listener;

beforeAll(async () => {
  tcp = await listen();
  unix = await listen(SOCKET);
});
afterAll(async () => {
  await tcp.close();
  await unix.close();
  rmSync(SOCKETS, { recursive: true, force: true });
});

/** What the escaping script saw, and what its console's two pipes carried. */
async function escapeFrom(mechanism: string, first: number) {
  const other = victim();
  const script = join(dir, `escape-${mechanism}.cjs`);
  const body = escapeBody({
    port: tcp.port,
    socket: SOCKET,
    victim: other.pid as number,
    other: join(NODE_MODULES, 'ses/package.json'),
  });
  writeFileSync(
    script,
    `const escape = new Function(${JSON.stringify(body)})();\nprocess.send(escape(${first}));\nsetInterval(() => {}, 1000);\n`,
  );
  const before = { tcp: tcp.connections(), unix: unix.connections() };
  process.env.DELTALAB_CONTAINMENT = mechanism;
  const { child } = startSandboxProcess('js', script);
  delete process.env.DELTALAB_CONTAINMENT;
  const console = { stdout: '', stderr: '' };
  child.stdout?.on('data', (chunk: Buffer) => {
    console.stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    console.stderr += chunk.toString();
  });
  const [message] = (await once(child, 'message')) as [string];
  // Time for the connections it started (after its turn) to arrive, had it got out.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const reached = {
    tcp: tcp.connections() - before.tcp,
    unix: unix.connections() - before.unix,
    victimAlive: other.alive(),
  };
  process.kill(-(child.pid as number), 'SIGKILL');
  other.kill();
  return { seen: JSON.parse(message) as Record<string, unknown>, reached, console };
}

describe.each(['bwrap', 'unshare'])('a JavaScript sandbox process contained by %s', (mechanism) => {
  it('holds code that got out of its compartment: no network, no signal out, a console of its own, its own files only', async () => {
    const { seen, reached, console } = await escapeFrom(mechanism, 2);
    expect(seen).toMatchObject({
      ppid: 1,
      killOther: 'threw ESRCH',
      truncate1: 'threw EINVAL',
      truncate2: 'threw EINVAL',
      otherPackage: 'threw ERR_ACCESS_DENIED',
      // to its namespace's init, which takes no signal it has no handler for
      killParent: 'true',
    });
    expect(reached).toEqual({ tcp: 0, unix: 0, victimAlive: true });
    expect(console.stdout).toContain('written-to-fd-1');
    expect(console.stderr).toContain('written-to-fd-2');
  });
});

describe('a JavaScript sandbox process that nothing contains', () => {
  it('lets the same script reach the network and kill another process (so the tests above see it)', async () => {
    const { seen, reached } = await escapeFrom('none', 1);
    expect(seen).toMatchObject({ killOther: 'true', otherPackage: 'threw ERR_ACCESS_DENIED' });
    expect(await eventually(() => tcp.connections() > 0 && unix.connections() > 0)).toBe(true);
    expect(reached.victimAlive).toBe(false);
  });
});
