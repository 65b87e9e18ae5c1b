import type { FromIframe, SandboxSource, ToIframe } from '../../protocol/iframe.js';

/**
 * The sandbox frame's own script, run inside the frame (see frame-document.ts, which writes it
 * into the frame's document as the text of this function). It talks to its parent alone:
 * `runtime` brings a runtime's sandbox worker code (made into a blob once) and its files (blobs,
 * shared by every worker of that runtime: Python's), `spawn` starts a worker of a runtime it was
 * given and hands it its end of the channel (and the runtime's files, if it has any),
 * `terminate` stops one. A worker that fails is reported with `exit`.
 *
 * It must stand alone: its text is all the frame gets, so it may use nothing from outside its
 * own body but the platform's globals (types are checked here, and erased).
 */
export function iframeScript(): void {
  const runtimes = new Map<string, { url: string; files: SandboxSource['files'] | null }>();
  const workers = new Map<number, Worker>();
  const tell = (message: FromIframe) => parent.postMessage(message, '*');
  addEventListener('message', (event: MessageEvent<ToIframe>) => {
    if (event.source !== parent) return;
    const message = event.data;
    if (message.type === 'runtime') {
      const url = URL.createObjectURL(new Blob([message.source], { type: 'text/javascript' }));
      runtimes.set(message.runtime, { url, files: message.files ?? null });
    } else if (message.type === 'spawn') {
      const id = message.id;
      const runtime = runtimes.get(message.runtime);
      const worker = new Worker(runtime?.url ?? '', { name: message.name });
      workers.set(id, worker);
      worker.addEventListener('error', (error) => {
        error.preventDefault();
        workers.delete(id);
        worker.terminate();
        tell({ type: 'exit', id, message: error.message || 'the sandbox worker failed' });
      });
      worker.postMessage(runtime?.files ?? null, [message.port]);
      tell({ type: 'spawned', id });
    } else if (message.type === 'terminate') {
      workers.get(message.id)?.terminate();
      workers.delete(message.id);
    }
  });
  tell({ type: 'ready' });
}
