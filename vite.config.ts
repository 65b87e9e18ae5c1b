import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { defineConfig } from 'vite';
import { lessonSummary } from './scripts/lesson-summary.js';
import { sandboxSource } from './scripts/sandbox-source.js';

const { version } = JSON.parse(
  readFileSync(new URL('./package.json', import.meta.url), 'utf8'),
) as {
  version: string;
};

/** The Python runtime's files (see src/ui/python/runtime-files.ts), and their size in bytes. */
const PYTHON_FILES = [
  'pyodide.js',
  'pyodide.asm.mjs',
  'pyodide.asm.wasm',
  'python_stdlib.zip',
  'pyodide-lock.json',
];
const require = createRequire(import.meta.url);
const pythonBytes = PYTHON_FILES.reduce(
  (sum, name) => sum + statSync(require.resolve(`pyodide/${name}`)).size,
  0,
);

/**
 * The playground: a static site. `base: './'` keeps every URL relative, so the built `dist-web/`
 * works from any file server, at any path.
 */
export default defineConfig({
  base: './',
  define: { __APP_VERSION__: JSON.stringify(version), __PYTHON_BYTES__: String(pythonBytes) },
  plugins: [sandboxSource(), lessonSummary()],
  worker: { format: 'es' },
  build: {
    outDir: 'dist-web',
    target: 'es2022',
    // Monaco is one large lazy chunk by design; it is not part of the first paint.
    chunkSizeWarningLimit: 5000,
  },
  server: { port: 5173 },
  preview: { port: 4173 },
});
