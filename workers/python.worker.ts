/// <reference lib="webworker" />
import { expose } from 'comlink';
import { createPythonSandboxApi } from './python/api.js';
import { type PythonRuntime, pyodideOptions } from './python/runtime.js';

// A Python sandbox worker, started from a blob inside the sandbox frame (an opaque origin, no
// network, no storage), like the JavaScript one. Its first message brings its end of the channel
// and the runtime's files as blobs: the frame may load nothing from the app's origin.
self.addEventListener('error', (event) => event.preventDefault());
self.addEventListener('unhandledrejection', (event) => event.preventDefault());

self.addEventListener(
  'message',
  (event: MessageEvent<Record<string, Blob>>) => {
    const port = event.ports[0];
    if (port) expose(createPythonSandboxApi(startPython(event.data)), port);
  },
  { once: true },
);

/** Pyodide's loader, as its classic script defines it. */
type LoadPyodide = (options: Record<string, unknown>) => Promise<PythonRuntime>;

/** Where Pyodide believes its files are; every request for one is answered from the blobs. */
const INDEX = 'https://python.invalid/';

/**
 * Starts Pyodide from the files the frame handed over. Pyodide fetches its WebAssembly, its
 * standard library and its lock file by name under its index URL: for the start only, `fetch`
 * answers those names from the blobs and nothing else; afterwards it refuses everything.
 */
async function startPython(files: Record<string, Blob>): Promise<PythonRuntime> {
  const scope = self as unknown as { fetch: typeof fetch };
  scope.fetch = async (request: RequestInfo | URL) => {
    const url = request instanceof Request ? request.url : String(request);
    const name = url.startsWith(INDEX) ? url.slice(INDEX.length) : '';
    const blob = files[name];
    if (!blob) throw new TypeError(`the sandbox has no network (${url})`);
    const type = name.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream';
    return new Response(blob, { headers: { 'Content-Type': type } });
  };
  try {
    const text = async (name: string) => {
      const blob = files[name];
      if (!blob) throw new Error(`the Python runtime lacks ${name}`);
      return blob.text();
    };
    // A worker of an opaque origin cannot import modules, even from its own blobs: both scripts
    // run as classic ones. The loader has a classic build; the runtime's module is made into
    // one by naming its one export and the URL it believes it was loaded from.
    const runtime = (await text('pyodide.asm.mjs'))
      .replaceAll('import.meta.url', JSON.stringify(`${INDEX}pyodide.asm.mjs`))
      .replace(
        /export default _createPyodideModule;?\s*$/,
        'self._createPyodideModule = _createPyodideModule;',
      );
    if (!runtime.includes('self._createPyodideModule =')) {
      throw new Error('the Python runtime is not the version this sandbox knows');
    }
    const classic = (source: string) =>
      importScripts(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
    classic(await text('pyodide.js'));
    classic(runtime);
    const loaded = self as unknown as { loadPyodide: LoadPyodide; _createPyodideModule: unknown };
    const lock = files['pyodide-lock.json'];
    const log = (line: string) => console.log(line);
    return await loaded.loadPyodide({
      ...pyodideOptions({ stdout: log, stderr: log }),
      indexURL: INDEX,
      createPyodideModule: loaded._createPyodideModule,
      ...(lock ? { lockFileContents: await lock.text() } : {}),
    });
  } finally {
    scope.fetch = async () => {
      throw new TypeError('the sandbox has no network');
    };
  }
}
