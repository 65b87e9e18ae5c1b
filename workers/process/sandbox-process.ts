import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Runtime } from '../../src/core/code/refs.js';
import { containedCommand } from './contained-command.js';
import { containment, type Mechanism } from './containment.js';
import { SANDBOX_V8_FLAGS } from './sandbox-script.js';
import { admitUncontained } from './uncontained.js';

/** A sandbox process just started, and where node runs in it. */
export interface StartedSandbox {
  /** The process started: node itself, or what contains it (bubblewrap, unshare). */
  child: ChildProcess;
  /** How many generations below `child` node runs (0: `child` is node). */
  depth: number;
  mechanism: Mechanism;
}

/**
 * Starts a sandbox's process, and no more: contained by the OS where it can be (see
 * containment.ts: its own user, PID, network and mount namespaces, dying with this process), in
 * its own process group, under Node's permission model (reads of its own files only), with an
 * IPC channel, stdin ignored, its console (stdout and stderr) on pipes of its own that this
 * process reads, an empty environment, `/` as its folder. Where nothing contains it, JavaScript
 * runs after one warning line and Python only when allowed (see uncontained.ts).
 *
 * What watches it and talks to it is `spawn-node.ts`'s; this part is apart so that the
 * `deltalab` command's entry can start the processes a command line will want before it loads
 * the command (see src/cli/entry.ts). `entry` replaces the runtime's own script (and what it
 * reads) by another under the same containment: for tests that play user code that got out.
 */
export function startSandboxProcess(runtime: Runtime, entry?: string): StartedSandbox {
  const how = containment();
  if (how.mechanism === 'none') admitUncontained(runtime, how);
  const reads = entry === undefined ? readsOf(runtime) : { files: [entry], folders: [] };
  const script = entry ?? fileURLToPath(CHILDREN[runtime]);
  // A Python process collects each runtime it is done with before it starts the next.
  const gc = runtime === 'py' ? ['--expose-gc'] : [];
  const node = [process.execPath, ...permissionFlags(reads), ...SANDBOX_V8_FLAGS, ...gc, script];
  const paths = [...reads.files, ...reads.folders];
  const { command, args, depth } = containedCommand(how, node, paths);
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    serialization: 'json',
    env: {},
    cwd: '/',
    detached: true,
  });
  return { child, depth, mechanism: how.mechanism };
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
  py: new URL('workers/process/python.child.js', DIST),
};

/** What a child reads: single files, and folders with all they hold. */
interface Reads {
  files: string[];
  folders: string[];
}

const dist = (path: string) => fileURLToPath(new URL(path, DIST));

/**
 * What each runtime's child reads, and so all its mount namespace shows besides node: the
 * JavaScript sandbox its entry, its one script and that script's code cache; the Python one the
 * compiled sandbox (the modules its entry imports), the manifest that makes them ES modules, and
 * the two packages it loads, Pyodide and Comlink (not the folder that holds every package).
 */
const READS: Record<Runtime, () => Reads> = {
  js: () => ({
    files: [
      dist('sandbox.child.cjs'),
      dist('sandbox.script.js'),
      dist('sandbox.script.code-cache'),
    ],
    folders: [],
  }),
  py: () => ({
    files: [join(dist('.'), '..', 'package.json')],
    folders: [dist('workers'), dist('src'), packageDir('pyodide'), packageDir('comlink')],
  }),
};

const found = new Map<Runtime, Reads>();

function readsOf(runtime: Runtime): Reads {
  let reads = found.get(runtime);
  if (!reads) {
    reads = READS[runtime]();
    found.set(runtime, reads);
  }
  return reads;
}

/** Node's permission model: reads of exactly `reads`, nothing else allowed. */
function permissionFlags(reads: Reads): string[] {
  return [
    '--experimental-permission',
    ...reads.files.map((file) => `--allow-fs-read=${file}`),
    ...reads.folders.map((folder) => `--allow-fs-read=${folder}/*`),
    '--disable-warning=ExperimentalWarning',
  ];
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
