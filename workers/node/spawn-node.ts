import { Worker } from 'node:worker_threads';
import nodeEndpoint from 'comlink/dist/umd/node-adapter.js';
import type { ExitReason, WorkerPort } from '../sandbox/protocol.js';

/** The heap the sandbox gets: enough for any sane reduction, small enough to fail fast. */
const HEAP_MB = 256;

/**
 * The worker file. Node runs the worker as compiled JavaScript even when this module itself is
 * loaded from source (in tests), so from source it points into `dist/`.
 */
const WORKER = import.meta.url.endsWith('.ts')
  ? new URL('../../dist/workers/node/sandbox.node.js', import.meta.url)
  : new URL('./sandbox.node.js', import.meta.url);

/**
 * Starts a sandbox in a worker thread with bounded memory and stack. A worker that runs out of
 * memory reports `OutOfMemory`; any other error, or an exit nobody asked for, `WorkerError`.
 * Runs as compiled JavaScript: the worker file is `sandbox.node.js` next to this one in `dist/`.
 */
export function spawnNodeSandbox(): WorkerPort {
  const worker = new Worker(WORKER, {
    // Not piped to our stdout: what user code logs must not mix with the CLI's own output
    // there (its JSON, a session). It goes to stderr, where diagnostics belong.
    stdout: true,
    resourceLimits: {
      maxOldGenerationSizeMb: HEAP_MB,
      maxYoungGenerationSizeMb: 32,
      stackSizeMb: 4,
    },
  });
  // Written chunk by chunk rather than piped: a pipe per worker would add listeners to
  // process.stderr for as long as each worker lives.
  worker.stdout.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  const listeners: ((reason: ExitReason) => void)[] = [];
  let ended = false;
  const end = (reason: ExitReason) => {
    if (ended) return;
    ended = true;
    for (const listener of listeners) listener(reason);
  };
  worker.on('error', (error: Error & { code?: string }) => {
    if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
      end({ name: 'OutOfMemory', message: `ran out of memory (the sandbox's ${HEAP_MB} MB heap)` });
    } else {
      end({ name: 'WorkerError', message: `the sandbox worker failed: ${error.message}` });
    }
  });
  worker.on('exit', (code) => {
    end({ name: 'WorkerError', message: `the sandbox worker exited unexpectedly (code ${code})` });
  });
  return {
    endpoint: nodeEndpoint(worker),
    terminate() {
      ended = true; // the exit that follows was asked for
      void worker.terminate();
    },
    onExit(listener) {
      listeners.push(listener);
    },
  };
}
