import type { ExitReason, WorkerPort } from './protocol.js';

/**
 * Starts a sandbox in a module Web Worker (Vite bundles `sandbox.worker.ts` from this call).
 * The worker swallows errors thrown by user code outside a call, so an `error` event here means
 * the worker itself failed (its script did not load); it is reported as an exit.
 *
 * Memory is not guarded here: in Chromium a worker that allocates without bound gets no `error`
 * event; its heap grows to about 4 GB over several seconds and then the whole page crashes. The
 * client's time budget, which terminates the worker long before that, is the guard.
 */
export function spawnBrowserSandbox(name: string): WorkerPort {
  const worker = new Worker(new URL('../sandbox.worker.ts', import.meta.url), {
    type: 'module',
    name,
  });
  const listeners: ((reason: ExitReason) => void)[] = [];
  let ended = false;
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    if (ended) return;
    ended = true;
    const message = event.message || 'the sandbox worker failed to start or stopped';
    for (const listener of listeners) listener({ name: 'WorkerError', message });
  });
  return {
    endpoint: worker,
    terminate() {
      ended = true;
      worker.terminate();
    },
    onExit(listener) {
      listeners.push(listener);
    },
  };
}
