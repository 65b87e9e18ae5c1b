import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import { sandboxSource } from './scripts/sandbox-source.js';

const { version } = JSON.parse(
  readFileSync(new URL('./package.json', import.meta.url), 'utf8'),
) as {
  version: string;
};

/**
 * The playground: a static site. `base: './'` keeps every URL relative, so the built `dist-web/`
 * works from any file server, at any path.
 */
export default defineConfig({
  base: './',
  define: { __APP_VERSION__: JSON.stringify(version) },
  plugins: [sandboxSource()],
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
