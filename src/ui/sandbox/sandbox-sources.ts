import type { SandboxSource } from '../../protocol/iframe.js';
import type { PythonProgress } from '../python/python-files.js';
import type { SandboxSources } from './sandbox-iframe.js';

/**
 * Each runtime's sandbox worker code, for the page's sandbox frame (the page's table of
 * runtimes, keyed by the runtime's name): JavaScript's a lazy chunk; Python's a lazy chunk and
 * the runtime's files, downloaded (or read from the cache) while `download` is told how far it
 * is, and `null` once it is over.
 */
export function sandboxSources(
  download: (progress: PythonProgress | null) => void,
): SandboxSources {
  return {
    js: () => import('virtual:sandbox-source').then((module) => ({ source: module.default })),
    py: async (): Promise<SandboxSource> => {
      const { loadPythonSource } = await import('../python/python-files.js');
      try {
        return await loadPythonSource(download);
      } finally {
        download(null);
      }
    },
  };
}
