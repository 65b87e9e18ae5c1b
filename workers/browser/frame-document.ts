/**
 * The sandbox frame's content security policy: nothing may be loaded or connected to (no
 * `fetch`, XHR, WebSocket, EventSource, no remote script or `import()`), only the frame's own
 * inline script runs, and workers come only from blobs. Workers started from a blob inherit it.
 * `'unsafe-eval'` is what evaluating user code needs.
 */
export const FRAME_POLICY =
  "default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval' blob:; worker-src blob:";

/**
 * The frame's script. It talks to its parent alone: `source` brings the sandbox worker's code
 * (made into a blob once), `python` the Python sandbox worker's code and its runtime's files
 * (blobs, shared by every Python worker), `spawn` starts a worker of either runtime and hands it
 * its end of the channel (a Python worker also gets the files), `terminate` stops one. A worker
 * that fails is reported with `exit`.
 */
const SCRIPT = `
'use strict';
let url = null;
let python = null;
const workers = new Map();
addEventListener('message', (event) => {
  if (event.source !== parent) return;
  const message = event.data;
  if (message.type === 'source') {
    url = URL.createObjectURL(new Blob([message.source], { type: 'text/javascript' }));
  } else if (message.type === 'python') {
    const code = URL.createObjectURL(new Blob([message.source], { type: 'text/javascript' }));
    python = { url: code, files: message.files };
  } else if (message.type === 'spawn') {
    const py = message.runtime === 'py';
    const worker = new Worker(py ? python.url : url, { name: message.name });
    workers.set(message.id, worker);
    worker.addEventListener('error', (error) => {
      error.preventDefault();
      workers.delete(message.id);
      worker.terminate();
      parent.postMessage({ type: 'exit', id: message.id, message: error.message || 'the sandbox worker failed' }, '*');
    });
    worker.postMessage(py ? python.files : null, [message.port]);
    parent.postMessage({ type: 'spawned', id: message.id }, '*');
  } else if (message.type === 'terminate') {
    workers.get(message.id)?.terminate();
    workers.delete(message.id);
  }
});
parent.postMessage({ type: 'ready' }, '*');
`;

/** The frame's document (its `srcdoc`). */
export function frameDocument(): string {
  return `<!doctype html><meta http-equiv="Content-Security-Policy" content="${FRAME_POLICY}"><script>${SCRIPT}</script>`;
}
