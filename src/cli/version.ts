import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { examplesDir } from './examples.js';

/** This installation's manifest, beside its `examples/` folder (found compiled or not). */
const manifest = join(dirname(examplesDir()), 'package.json');

/** The tool name and version recorded in session headers, e.g. `deltalab 0.1.0`. */
export const TOOL = `deltalab ${(JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version}`;
