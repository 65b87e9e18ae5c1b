import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';

const { version } = JSON.parse(
  readFileSync(new URL('./package.json', import.meta.url), 'utf8'),
) as {
  version: string;
};

/**
 * The bench page (`bench/page/`), built like the site (same define, ES workers, target) into
 * `.bench/page/`. The root stays the project root so that the lessons' `import.meta.glob`
 * patterns (`/examples/...`) resolve as they do in the app.
 */
export default defineConfig({
  base: './',
  define: { __APP_VERSION__: JSON.stringify(version) },
  worker: { format: 'es', rolldownOptions: { checks: { bundlerTimings: false } } },
  logLevel: 'warn',
  build: {
    outDir: '.bench/page',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 5000,
    rolldownOptions: { input: 'bench/page/index.html', checks: { bundlerTimings: false } },
  },
});
