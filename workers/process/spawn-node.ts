import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Runtime } from '../../src/core/code/refs.js';
import type { ExitReason, WorkerPort } from '../../src/protocol/sandbox.js';
import { forgetContainment } from './containment.js';
import { ipcEndpoint } from './ipc-endpoint.js';
import { killGroup } from './kill-group.js';
import { descendant } from './process-tree.js';
import { SPARE_RUNTIME, type StartedSandbox, startSandboxProcess } from './sandbox-process.js';
import { HEAP_MB } from './sandbox-script.js';

/** All the memory a sandbox process may hold, `ArrayBuffer`s included. */
export const MEMORY_MB = 640;

/** How often a running sandbox's memory is looked at. */
const WATCH_MS = 20;

/**
 * How much of one sandbox process's console (stdout and stderr together) is passed on to this
 * process's stderr; the rest is read and dropped, so that a flood can neither fill the command's
 * log nor block the process on a full pipe.
 */
export const CONSOLE_LIMIT = 1024 * 1024;

/** What the programs that contain a sandbox write when they cannot (see contained-command.ts). */
const CONTAINER_FAILED = /^(bwrap|unshare|setpriv|mount): /;

/** The sandbox processes started and not yet ended: ended when this process exits. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) endGroup(child);
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
export function startSpares(count: number, started: readonly StartedSandbox[] = []): void {
  for (let i = 0; i < Math.max(count, started.length); i++) {
    let sandbox = started[i];
    if (!sandbox) {
      try {
        sandbox = startSandboxProcess(SPARE_RUNTIME);
      } catch {
        return; // a sandbox cannot start: the run that asks for one says why
      }
    }
    const spare = watchSandbox(sandbox);
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
 * Starts a sandbox in a child process of its own (its own process group), contained by the OS
 * where it can be and under Node's permission model (see `startSandboxProcess`): it may read only
 * its own files and the packages it loads, and may not write files, start processes or workers,
 * or load addons. Its console goes to pipes this process reads and passes on to its stderr
 * (the first {@link CONSOLE_LIMIT} bytes), so nothing it prints can mix with the command's own
 * output or touch the file stderr goes to. Memory is bounded twice: the heap by V8, everything
 * (`ArrayBuffer`s too) by a watch on the node process's resident size; going past either ends it
 * as `OutOfMemory`. Any other end nobody asked for is a `WorkerError`. A Python sandbox runs
 * Pyodide (its memory, WebAssembly's, is an `ArrayBuffer` and watched the same way). A
 * JavaScript sandbox is a spare when one is waiting (see {@link startSpares}).
 */
export function spawnNodeSandbox(runtime: Runtime = SPARE_RUNTIME): WorkerPort {
  return (
    (runtime === SPARE_RUNTIME ? spares.shift() : undefined) ??
    watchSandbox(startSandboxProcess(runtime))
  );
}

/** A started sandbox process as a port, watched (see {@link spawnNodeSandbox}). */
function watchSandbox({ child, depth, mechanism }: StartedSandbox): WorkerPort {
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
    endGroup(child);
  };
  const oom = (message: string) => {
    outOfMemory = true;
    stop();
    end({ name: 'OutOfMemory', message });
  };
  // The node process, below what contains it: found once it runs (a process seen there before
  // node, the shell's `mount`, is looked past once it is gone).
  let node: number | null = null;
  const watch = setInterval(() => {
    if (child.pid === undefined) return;
    node ??= descendant(child.pid, depth);
    const mb = residentMb(node);
    if (mb === null) node = null;
    else if (mb > MEMORY_MB) oom(`ran out of memory (more than the sandbox's ${MEMORY_MB} MB)`);
  }, WATCH_MS);
  watch.unref();
  const pass = clipped(CONSOLE_LIMIT);
  child.stdout?.on('data', pass);
  // What user code writes to stderr is passed on; V8's report of a heap running out is not, nor
  // what a program that contains the sandbox says when it cannot (told in the exit's reason).
  let containerSaid = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    if (outOfMemory) return;
    const text = chunk.toString();
    if (mechanism !== 'none' && containerSaid === '' && CONTAINER_FAILED.test(text)) {
      containerSaid = text.trim().split('\n')[0] ?? '';
    } else if (/heap out of memory|Last few GCs|FATAL ERROR/.test(text)) {
      oom(`ran out of memory (the sandbox's ${HEAP_MB} MB heap)`);
    } else pass(chunk);
  });
  child.on('error', (error: NodeJS.ErrnoException) => {
    // A message that could not be sent to a process that ended: its exit says why.
    if (error.code === 'EPIPE' || error.code === 'ERR_IPC_CHANNEL_CLOSED') return;
    stop();
    end({ name: 'WorkerError', message: `the sandbox process failed: ${error.message}` });
  });
  child.on('exit', (code, signal) => {
    stop();
    const how = signal ? `signal ${signal}` : `code ${code}`;
    const judge = () => {
      if (signal === 'SIGABRT' || code === 134) {
        end({
          name: 'OutOfMemory',
          message: `ran out of memory (the sandbox's ${HEAP_MB} MB heap)`,
        });
      } else if (containerSaid !== '') {
        // What worked when it was found does not now: the next command looks again.
        forgetContainment();
        end({
          name: 'WorkerError',
          message: `the sandbox process could not be contained with ${mechanism} (${containerSaid})`,
        });
      } else
        end({ name: 'WorkerError', message: `the sandbox process exited unexpectedly (${how})` });
    };
    // Judged once its stderr is read to the end (what it said last may tell why), or soon after.
    const stderr = child.stderr;
    if (!stderr || stderr.readableEnded || ended) judge();
    else {
      const soon = setTimeout(judge, 200);
      stderr.once('end', () => {
        clearTimeout(soon);
        judge();
      });
    }
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
function endGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  killGroup(child.pid, () => child.kill('SIGKILL'));
}

/**
 * Writes chunks to this process's stderr up to `limit` bytes in all, then one line saying the
 * rest is left out, then nothing.
 */
function clipped(limit: number): (chunk: Buffer) => void {
  let left = limit;
  return (chunk) => {
    if (left <= 0) return;
    if (chunk.length <= left) process.stderr.write(chunk);
    else {
      process.stderr.write(chunk.subarray(0, left));
      process.stderr.write(
        `\ndeltalab: a sandbox printed more than ${limit / 1_048_576} MB; the rest of what it prints is left out\n`,
      );
    }
    left -= chunk.length;
  };
}

/** The resident size of a process in MB, where the system tells (Linux); else null. */
function residentMb(pid: number | null): number | null {
  if (pid === null) return null;
  try {
    const pages = Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]);
    return (pages * 4096) / 1_048_576;
  } catch {
    return null;
  }
}
