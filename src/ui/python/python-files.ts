import { openSiteCache } from '../../../workers/browser/site-cache.js';
import { PYTHON_FILES } from './runtime-files.js';

/** How far the Python runtime's download is, in bytes. */
export interface PythonProgress {
  loaded: number;
  total: number;
}

/** The bytes of all the runtime's files, counted when the site was built. */
export const PYTHON_BYTES = __PYTHON_BYTES__;

/** The cache the runtime's files are kept in, so that Python works offline once loaded. */
const CACHE = 'deltalab-python';

/**
 * Fetches the Python runtime's files from the site (or from the page's cache, where an earlier
 * visit kept them), telling the bytes received as they come. Resolves with each file, by name,
 * as a blob; rejects with a sentence when one cannot be had.
 */
export async function fetchPythonFiles(
  onProgress: (progress: PythonProgress) => void,
): Promise<Record<string, Blob>> {
  const cache = await openSiteCache(CACHE);
  const received = new Map<string, number>();
  const tell = () => {
    let loaded = 0;
    for (const bytes of received.values()) loaded += bytes;
    onProgress({ loaded: Math.min(loaded, PYTHON_BYTES), total: PYTHON_BYTES });
  };
  tell();
  const entries = await Promise.all(
    Object.entries(PYTHON_FILES).map(async ([name, url]) => {
      const kept = await cache?.match(url).catch(() => undefined);
      const blob = kept
        ? await kept.blob()
        : await download(url, name, (bytes) => {
            received.set(name, bytes);
            tell();
          });
      received.set(name, blob.size);
      tell();
      if (!kept) await cache?.put(url, new Response(blob)).catch(() => {});
      return [name, blob] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** One file, read as a stream so that its bytes can be counted as they arrive. */
async function download(
  url: string,
  name: string,
  onBytes: (bytes: number) => void,
): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new Error(`the Python runtime could not be downloaded (${name}: ${String(error)})`);
  }
  if (!response.ok || !response.body) {
    throw new Error(
      `the Python runtime could not be downloaded (${name}: HTTP ${response.status})`,
    );
  }
  const parts: Uint8Array[] = [];
  let bytes = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    bytes += value.byteLength;
    onBytes(bytes);
  }
  return new Blob(parts as BlobPart[]);
}

/**
 * The Python sandbox worker's code and the runtime's files, for the sandbox iframe: the worker's
 * code is a lazy chunk, the files are downloaded (or read from the cache) with their progress.
 */
export async function loadPythonSource(
  onProgress: (progress: PythonProgress) => void,
): Promise<{ source: string; files: Record<string, Blob> }> {
  const [{ default: source }, files] = await Promise.all([
    import('virtual:python-source'),
    fetchPythonFiles(onProgress),
  ]);
  return { source, files };
}
