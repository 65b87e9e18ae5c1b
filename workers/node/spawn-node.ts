import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Runtime } from '../../src/core/code/refs.js';
import type { ExitReason, WorkerPort } from '../sandbox/protocol.js';
import { ipcEndpoint } from './ipc-endpoint.js';
import { startSandboxProcess } from './sandbox-process.js';
import { HEAP_MB } from './sandbox-script.js';

/** All the memory a sandbox process may hold, `ArrayBuffer`s included. */
export const MEMORY_MB = 640;

/** How often a running sandbox's memory is looked at. */
const WATCH_MS = 20;

/** The sandbox processes started and not yet ended: ended when this process exits. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) killGroup(child);
});

/** JavaScript sandbox processes started ahead of need, no code in them: taken first. */
const spares: WorkerPort[] = [];

/**
 * Starts `count` JavaScript sandbox processes now, before anything asks for one, so that their
 * start overlaps the command's own (loading its modules, reading its arguments and code). The
 * processes in `started` (from `startSandboxProcess`, handed over in the turn they were started)
 * count towards `count` and are taken first. A spare holds no code until it is taken; those
 * nobody takes are ended by {@link stopSpares}, and with this process in any case.
 */
export function startSpares(count: number, started: readonly ChildProcess[] = []): void {
  for (let i = 0; i < Math.max(count, started.length); i++) {
    const spare = watchSandbox(started[i] ?? startSandboxProcess('js'));
    spare.onExit(() => {
      const at = spares.indexOf(spare);
      if (at >= 0) spares.splice(at, 1);
    });
    spares.push(spare);
  }
}

/** Ends the spares nobody took. */
export function stopSpares(): void {
  for (const spare of spares.splice(0)) spare.terminate();
}

/** How many spares are waiting (for tests). */
export function sparesWaiting(): number {
  return spares.length;
}

/**
 * Starts a sandbox in a child process of its own (its own process group), under Node's
 * permission model: it may read only its own files and the packages it loads, and may not write
 * files, start processes or workers, or load addons. Its stdout is this process's stderr, so
 * nothing it prints can mix with the command's own output. Memory is bounded twice: the heap by
 * V8, everything (`ArrayBuffer`s too) by a watch on the process's resident size; going past
 * either ends it as `OutOfMemory`. Any other end nobody asked for is a `WorkerError`. A Python
 * sandbox runs Pyodide (its memory, WebAssembly's, is an `ArrayBuffer` and watched the same way).
 * A JavaScript sandbox is a spare when one is waiting (see {@link startSpares}).
 */
export function spawnNodeSandbox(runtime: Runtime = 'js'): WorkerPort {
  return (
    (runtime === 'js' ? spares.shift() : undefined) ?? watchSandbox(startSandboxProcess(runtime))
  );
}

/** A started sandbox process as a port, watched (see {@link spawnNodeSandbox}). */
function watchSandbox(child: ChildProcess): WorkerPort {
  running.add(child);
  const listeners: ((reason: ExitReason) => void)[] = [];
  let ended = false;
  let outOfMemory = false;
  const end = (reason: ExitReason) => {
    if (ended) return;
    ended = true;
    for (const listener of listeners) listener(reason);
  };
  const stop = () => {
    clearInterval(watch);
    running.delete(child);
    killGroup(child);
  };
  const oom = (message: string) => {
    outOfMemory = true;
    stop();
    end({ name: 'OutOfMemory', message });
  };
  const watch = setInterval(() => {
    const mb = residentMb(child.pid);
    if (mb !== null && mb > MEMORY_MB) {
      oom(`ran out of memory (more than the sandbox's ${MEMORY_MB} MB)`);
    }
  }, WATCH_MS);
  watch.unref();
  // What user code writes to stderr is passed on; V8's report of a heap running out is not.
  child.stderr?.on('data', (chunk: Buffer) => {
    if (outOfMemory) return;
    const text = chunk.toString();
    if (/heap out of memory|Last few GCs|FATAL ERROR/.test(text)) {
      oom(`ran out of memory (the sandbox's ${HEAP_MB} MB heap)`);
    } else process.stderr.write(chunk);
  });
  child.on('error', (error) => {
    stop();
    end({ name: 'WorkerError', message: `the sandbox process failed: ${error.message}` });
  });
  child.on('exit', (code, signal) => {
    stop();
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (signal === 'SIGABRT' || code === 134) {
      end({ name: 'OutOfMemory', message: `ran out of memory (the sandbox's ${HEAP_MB} MB heap)` });
    } else
      end({ name: 'WorkerError', message: `the sandbox process exited unexpectedly (${how})` });
  });
  return {
    endpoint: ipcEndpoint(child),
    terminate() {
      ended = true; // the exit that follows was asked for
      stop();
    },
    onExit(listener) {
      listeners.push(listener);
    },
  };
}

/** Ends a sandbox process and anything it may have started (its whole process group). */
function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

/** The resident size of a process in MB, where the system tells (Linux); else null. */
function residentMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const pages = Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]);
    return (pages * 4096) / 1_048_576;
  } catch {
    return null;
  }
}
