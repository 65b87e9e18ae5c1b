import { fileURLToPath } from 'node:url';
import { build, type Plugin, type Rolldown } from 'vite';

/** The modules that hold the sandbox workers' code, and the entry each is built from. */
const ENTRIES: Record<string, string> = {
  'virtual:sandbox-source': '../workers/sandbox.worker.ts',
  'virtual:python-source': '../workers/python.worker.ts',
};

/**
 * Provides `virtual:sandbox-source` (and `virtual:python-source`, the Python sandbox worker, which
 * loads its runtime from the files it is handed): a sandbox worker bundled into one self-contained classic
 * script in strict mode, as a string (a sandboxed frame can start classic workers from a blob,
 * not module workers). The page's sandbox frame has an opaque origin and may load nothing from
 * the app's, so it starts its workers from a blob of this text. Built the same way by `vite`
 * (development) and `vite build`; importing it lazily keeps it out of the first paint.
 */
export function sandboxSource(): Plugin {
  return {
    name: 'deltalab-sandbox-source',
    resolveId: (id) => (id in ENTRIES ? `\0${id}` : null),
    async load(id) {
      const entry = id.startsWith('\0') ? ENTRIES[id.slice(1)] : undefined;
      if (!entry) return null;
      const ENTRY = fileURLToPath(new URL(entry, import.meta.url));
      const built = await build({
        configFile: false,
        logLevel: 'warn',
        build: {
          write: false,
          target: 'es2022',
          minify: true,
          lib: { entry: ENTRY, formats: ['iife'], name: 'deltalabSandbox', fileName: 'sandbox' },
          rolldownOptions: { checks: { bundlerTimings: false } },
        },
      });
      const outputs = (Array.isArray(built) ? built : [built]) as Rolldown.RolldownOutput[];
      const chunks = outputs.flatMap((output) => output.output).filter((o) => o.type === 'chunk');
      if (chunks.length !== 1) {
        throw new Error(`the sandbox worker must bundle into one file, got ${chunks.length}`);
      }
      const [chunk] = chunks as Rolldown.OutputChunk[];
      for (const module of chunk?.moduleIds ?? []) {
        if (!module.startsWith('\0')) this.addWatchFile(module);
      }
      // ses refuses to run in sloppy mode: the whole script is strict.
      const code = `'use strict';\n${chunk?.code ?? ''}`;
      return `export default ${JSON.stringify(code)};`;
    },
  };
}
