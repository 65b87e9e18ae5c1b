import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest `package.json` above this file: run from src/cli/, compiled, or bundled. */
function manifest(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('the package.json of deltalab was not found');
    dir = parent;
  }
  return join(dir, 'package.json');
}

/** The tool name and version recorded in session headers, e.g. `deltalab 0.1.0`. */
export const TOOL = `deltalab ${(JSON.parse(readFileSync(manifest(), 'utf8')) as { version: string }).version}`;
