import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';

/** What user code that got hold of its sandbox process's `process` tries, and where. */
export interface EscapeTargets {
  /** A TCP port on 127.0.0.1 the test listens on (connected to raw, then over HTTP). */
  port: number;
  /** A Unix socket the test listens on, named in the file system (connected to by path). */
  socket: string;
  /** An unrelated process the test started, to be killed. */
  victim: number;
  /** A file the sandbox has no business reading (a package that is not its own). */
  other: string;
}

/**
 * A fresh folder for a Unix socket, in `/dev/shm`: a folder an `unshare` sandbox hides (as it
 * does /tmp, unless the installation or a test's script is there) and bubblewrap never shows.
 */
export function socketFolder(): string {
  return mkdtempSync('/dev/shm/deltalab-socket-');
}

/** This installation's `node_modules`. */
export const NODE_MODULES = join(import.meta.dirname, '../../node_modules');

/**
 * The body of a JavaScript function of one argument, `first`, that tries every way out of a
 * sandbox process it knows with the process's own `process` and returns what happened, as JSON:
 * `threw CODE` for a refusal. It runs once per process (later calls give the same answer, so a
 * run does not call it flaky). With `first === 2` it also sends SIGKILL to its parent, the
 * `deltalab` process when nothing contains it.
 */
export function escapeBody(targets: EscapeTargets): string {
  return `
let kept;
return (first) => (kept ??= tryAll(first));
function tryAll(first) {
  const seen = { pid: process.pid, ppid: process.ppid };
  const attempt = (name, fn) => {
    try { seen[name] = String(fn()); } catch (error) { seen[name] = 'threw ' + (error.code || error.name); }
  };
  const get = process.getBuiltinModule;
  const fs = get('node:fs');
  const net = get('node:net');
  // Connections are made after this call returns (Node connects on a later tick).
  attempt('tcp', () => { const s = net.connect(${targets.port}, '127.0.0.1'); s.on('error', () => {}); s.end('tcp'); return 'tried'; });
  attempt('http', () => { const r = get('node:http').get('http://127.0.0.1:${targets.port}/http'); r.on('error', () => {}); return 'tried'; });
  attempt('unixSocket', () => { const s = net.connect(${JSON.stringify(targets.socket)}); s.on('error', () => {}); s.end('unix'); return 'tried'; });
  attempt('killOther', () => process.kill(${targets.victim}, 'SIGKILL'));
  attempt('truncate1', () => fs.ftruncateSync(1, 0));
  attempt('truncate2', () => fs.ftruncateSync(2, 0));
  attempt('write1', () => fs.writeSync(1, 'written-to-fd-1' + String.fromCharCode(10)));
  attempt('write2', () => fs.writeSync(2, 'written-to-fd-2' + String.fromCharCode(10)));
  attempt('otherPackage', () => fs.readFileSync(${JSON.stringify(targets.other)}, 'utf8').length);
  if (first === 2) attempt('killParent', () => process.kill(process.ppid, 'SIGKILL'));
  return JSON.stringify(seen);
}`;
}

/** A listener that counts the connections it is offered. */
export interface Listener {
  connections: () => number;
  close: () => Promise<void>;
}

/** Listens on a TCP port of 127.0.0.1 (`where` undefined) or on a Unix socket at `where`. */
export async function listen(where?: string): Promise<Listener & { port: number }> {
  let count = 0;
  const open = new Set<Socket>();
  const server: Server = createServer((socket) => {
    count++;
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => {});
    socket.end('HTTP/1.0 200 OK\r\n\r\n');
  });
  await new Promise<void>((resolve) => {
    if (where === undefined) server.listen(0, '127.0.0.1', resolve);
    else server.listen(where, resolve);
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    connections: () => count,
    close: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** An unrelated process (`sleep 30`) for the sandbox to try to kill; alive until ended. */
export function victim(): ChildProcess & { alive: () => boolean } {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  return Object.assign(child, {
    alive: () => child.exitCode === null && child.signalCode === null,
  });
}
