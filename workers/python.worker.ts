/// <reference lib="webworker" />
import { expose } from 'comlink';
import { createPythonSandboxApi } from './python/api.js';
import { type PythonRuntime, pyodideOptions, type StartPython } from './python/runtime.js';

// A Python sandbox worker, started from a blob inside the sandbox iframe (an opaque origin, no
// network, no storage), like the JavaScript one. Its first message brings its end of the channel
// and the runtime's files as blobs: the frame may load nothing from the app's origin.
self.addEventListener('error', (event) => event.preventDefault());
self.addEventListener('unhandledrejection', (event) => event.preventDefault());

self.addEventListener(
  'message',
  (event: MessageEvent<Record<string, Blob>>) => {
    const port = event.ports[0];
    if (port) expose(createPythonSandboxApi(pythonStarter(event.data)), port);
  },
  { once: true },
);

/** Pyodide's loader, as its classic script defines it. */
type LoadPyodide = (options: Record<string, unknown>) => Promise<PythonRuntime>;

/** Where Pyodide believes its files are; every request for one is answered from the blobs. */
const INDEX = 'https://python.invalid/';

/**
 * Starts Pyodide from the files the frame handed over, as often as asked (afresh, or from a
 * snapshot). Pyodide fetches its WebAssembly, its standard library and its lock file by name
 * under its index URL: during a start only, `fetch` answers those names from the blobs and
 * nothing else; the rest of the time it refuses everything.
 */
function pythonStarter(files: Record<string, Blob>): StartPython {
  const text = async (name: string) => {
    const blob = files[name];
    if (!blob) throw new Error(`the Python runtime lacks ${name}`);
    return blob.text();
  };
  let scripts: Promise<{ loadPyodide: LoadPyodide; createPyodideModule: unknown }> | undefined;
  const log = (line: string) => console.log(line);
  return async (snapshot) => {
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
      scripts ??= loadScripts(text);
      const { loadPyodide, createPyodideModule } = await scripts;
      const lock = files['pyodide-lock.json'];
      return await loadPyodide({
        ...pyodideOptions({ stdout: log, stderr: log }, snapshot),
        indexURL: INDEX,
        createPyodideModule,
        ...(lock ? { lockFileContents: await lock.text() } : {}),
      });
    } finally {
      scope.fetch = async () => {
        throw new TypeError('the sandbox has no network');
      };
    }
  };
}

/**
 * Runs Pyodide's two scripts once. A worker of an opaque origin cannot import modules, even
 * from its own blobs: both run as classic scripts. The loader has a classic build; the runtime's
 * module is made into one by naming its one export and the URL it believes it was loaded from.
 */
async function loadScripts(
  text: (name: string) => Promise<string>,
): Promise<{ loadPyodide: LoadPyodide; createPyodideModule: unknown }> {
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
  return { loadPyodide: loaded.loadPyodide, createPyodideModule: loaded._createPyodideModule };
}
