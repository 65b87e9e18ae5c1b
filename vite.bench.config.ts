import { defineConfig, mergeConfig } from 'vite';
import site from './vite.config.js';

/**
 * The bench page (`bench/page/`), built like the site (same define, ES workers, target) into
 * `.bench/page/`. The root stays the project root so that the lessons' `import.meta.glob`
 * patterns (`/examples/...`) resolve as they do in the app.
 */
export default mergeConfig(
  site,
  defineConfig({
    worker: { rolldownOptions: { checks: { bundlerTimings: false } } },
    logLevel: 'warn',
    build: {
      outDir: '.bench/page',
      emptyOutDir: true,
      rolldownOptions: { input: 'bench/page/index.html', checks: { bundlerTimings: false } },
    },
  }),
);
