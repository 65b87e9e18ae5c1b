import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Runtime } from '../../src/core/code/runtimes/registry.js';

/**
 * How a sandbox process of each runtime is made (the process layer's table of runtimes, keyed
 * by the runtime's name): the child's entry, what it may read, its own Node flags, and why its
 * code may not run where nothing contains the process, if it may not (see uncontained.ts).
 */
export interface SandboxChild {
  /** The child's entry (compiled, under `dist/`). */
  script: URL;
  /** What the child reads, and so all its mount namespace shows besides node. */
  reads(): Reads;
  /** Node flags of its own. */
  flags: readonly string[];
  /**
   * How its code gets out of its sandbox where nothing contains the process (then refused unless
   * the user trusts it); absent when the compartment holds it and a warning is enough.
   */
  uncontained?: string;
}

/** What a child reads: single files, and folders with all they hold. */
export interface Reads {
  files: string[];
  folders: string[];
}

/**
 * The `dist/` folder. The children run compiled JavaScript even when this module itself is
 * loaded from source (in tests) or from the bundled command (`dist/cli/`).
 */
const DIST = import.meta.url.endsWith('.ts')
  ? new URL('../../dist/', import.meta.url)
  : new URL(import.meta.url.slice(0, import.meta.url.lastIndexOf('/dist/') + '/dist/'.length));

const dist = (path: string) => fileURLToPath(new URL(path, DIST));

/**
 * Each runtime's child. JavaScript: a small entry that runs the sandbox bundled into one script
 * with V8's code cache of it (see scripts/bundle-cli.js), so that it starts fast; it reads that
 * entry, its one script and the script's code cache. Python: the sandbox as compiled; it reads
 * the compiled sandbox (the modules its entry imports), the manifest that makes them ES modules,
 * and the two packages it loads, Pyodide and Comlink (not the folder that holds every package).
 * A Python process collects each runtime it is done with before it starts the next (`gc`).
 */
export const SANDBOX_CHILDREN: Readonly<Record<Runtime, SandboxChild>> = {
  js: {
    script: new URL('sandbox.child.cjs', DIST),
    reads: () => ({
      files: [
        dist('sandbox.child.cjs'),
        dist('sandbox.script.js'),
        dist('sandbox.script.code-cache'),
      ],
      folders: [],
    }),
    flags: [],
  },
  py: {
    script: new URL('workers/process/python.child.js', DIST),
    reads: () => ({
      files: [join(dist('.'), '..', 'package.json')],
      folders: [dist('workers'), dist('src'), packageDir('pyodide'), packageDir('comlink')],
    }),
    flags: ['--expose-gc'],
    uncontained: "Python code reaches its sandbox process's JavaScript through Pyodide",
  },
};

/** The folder of an installed package, found from its entry point. */
function packageDir(name: string): string {
  let dir = dirname(createRequire(new URL('sandbox.child.cjs', DIST)).resolve(name));
  while (!existsSync(join(dir, 'package.json')) || basename(dir) !== name) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`the package ${name} was not found`);
    dir = parent;
  }
  return dir;
}
