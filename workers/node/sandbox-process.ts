import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Runtime } from '../../src/core/code/refs.js';
import { SANDBOX_V8_FLAGS } from './sandbox-script.js';

/**
 * Starts a sandbox's process, and no more: its own process group, Node's permission model, an
 * IPC channel, stdout to this process's stderr, an empty environment. What watches it and talks
 * to it is `spawn-node.ts`'s; this part is apart so that the `deltalab` command's entry can start
 * the processes a command line will want before it loads the command (see src/cli/entry.ts).
 */
export function startSandboxProcess(runtime: Runtime): ChildProcess {
  return spawn(process.execPath, [...permissionFlags(runtime), fileURLToPath(CHILDREN[runtime])], {
    stdio: ['ignore', 2, 'pipe', 'ipc'],
    serialization: 'json',
    env: {},
    detached: true,
  });
}

/**
 * The `dist/` folder. The children run compiled JavaScript even when this module itself is
 * loaded from source (in tests) or from the bundled command (`dist/cli/`).
 */
const DIST = import.meta.url.endsWith('.ts')
  ? new URL('../../dist/', import.meta.url)
  : new URL(import.meta.url.slice(0, import.meta.url.lastIndexOf('/dist/') + '/dist/'.length));

/**
 * The child's entry for each runtime: for JavaScript, a small entry that runs the sandbox
 * bundled into one script with V8's code cache of it (see scripts/bundle-cli.js), so that it
 * starts fast; the Python one as compiled.
 */
const CHILDREN: Record<Runtime, URL> = {
  js: new URL('sandbox.child.cjs', DIST),
  py: new URL('workers/node/python.child.js', DIST),
};

const flags = new Map<Runtime, string[]>();

/** The packages each runtime's child loads (the JavaScript sandbox's are in its bundle). */
const PACKAGES: Record<Runtime, string[]> = { js: [], py: ['pyodide', 'comlink'] };

/** The child's Node flags: the permission model, reads of what it loads, the heap limit. */
function permissionFlags(runtime: Runtime): string[] {
  let found = flags.get(runtime);
  if (!found) {
    const dist = fileURLToPath(DIST);
    // The folders holding the packages it loads, wherever npm put them (with what they
    // depend on beside them).
    const packages = PACKAGES[runtime].map((name) => dirname(packageDir(name)));
    const manifest = join(dist, '..', 'package.json');
    const reads = [`${dist}*`, manifest, ...new Set(packages.map((dir) => `${dir}/*`))];
    found = [
      '--experimental-permission',
      ...reads.map((path) => `--allow-fs-read=${path}`),
      '--disable-warning=ExperimentalWarning',
      ...SANDBOX_V8_FLAGS,
    ];
    flags.set(runtime, found);
  }
  return found;
}

/** The folder of an installed package, found from its entry point. */
function packageDir(name: string): string {
  let dir = dirname(createRequire(CHILDREN.js).resolve(name));
  while (!existsSync(join(dir, 'package.json')) || basename(dir) !== name) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`the package ${name} was not found`);
    dir = parent;
  }
  return dir;
}
