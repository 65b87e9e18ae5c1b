import type { FromIframe, PythonSource, ToIframe } from '../../protocol/iframe.js';

/**
 * The sandbox iframe's own script, run inside the frame (see iframe-document.ts, which writes it
 * into the frame's document as the text of this function). It talks to its parent alone:
 * `source` brings the sandbox worker's code (made into a blob once), `python` the Python sandbox
 * worker's code and its runtime's files (blobs, shared by every Python worker), `spawn` starts a
 * worker of either runtime and hands it its end of the channel (a Python worker also gets the
 * files), `terminate` stops one. A worker that fails is reported with `exit`.
 *
 * It must stand alone: its text is all the frame gets, so it may use nothing from outside its
 * own body but the platform's globals (types are checked here, and erased).
 */
export function iframeScript(): void {
  let url: string | null = null;
  let python: { url: string; files: PythonSource['files'] } | null = null;
  const workers = new Map<number, Worker>();
  const tell = (message: FromIframe) => parent.postMessage(message, '*');
  addEventListener('message', (event: MessageEvent<ToIframe>) => {
    if (event.source !== parent) return;
    const message = event.data;
    if (message.type === 'source') {
      url = URL.createObjectURL(new Blob([message.source], { type: 'text/javascript' }));
    } else if (message.type === 'python') {
      const code = URL.createObjectURL(new Blob([message.source], { type: 'text/javascript' }));
      python = { url: code, files: message.files };
    } else if (message.type === 'spawn') {
      const id = message.id;
      const py = message.runtime === 'py';
      const worker = new Worker((py ? python?.url : url) ?? '', { name: message.name });
      workers.set(id, worker);
      worker.addEventListener('error', (error) => {
        error.preventDefault();
        workers.delete(id);
        worker.terminate();
        tell({ type: 'exit', id, message: error.message || 'the sandbox worker failed' });
      });
      worker.postMessage(py ? (python?.files ?? null) : null, [message.port]);
      tell({ type: 'spawned', id });
    } else if (message.type === 'terminate') {
      workers.get(message.id)?.terminate();
      workers.delete(message.id);
    }
  });
  tell({ type: 'ready' });
}
