import { readFileSync } from 'node:fs';

// Compiled to dist/src/cli/, or run from src/cli/ in tests.
const manifest = new URL(
  import.meta.url.includes('/dist/') ? '../../../package.json' : '../../package.json',
  import.meta.url,
);

/** The tool name and version recorded in session headers, e.g. `deltalab 0.1.0`. */
export const TOOL = `deltalab ${(JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version}`;
