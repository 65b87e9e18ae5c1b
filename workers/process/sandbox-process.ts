import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_LANGUAGE,
  type Runtime,
  runtimeOf,
} from '../../src/core/code/runtimes/registry.js';
import { containedCommand } from './contained-command.js';
import { containment, type Mechanism } from './containment.js';
import { type Reads, SANDBOX_CHILDREN } from './sandbox-children.js';
import { SANDBOX_V8_FLAGS } from './sandbox-script.js';
import { admitUncontained } from './uncontained.js';

/**
 * The runtime of the sandboxes started ahead of need, before a command knows its code (see
 * `startSpares`): the default language's.
 */
export const SPARE_RUNTIME: Runtime = runtimeOf(DEFAULT_LANGUAGE);

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
  const { script: own, flags } = SANDBOX_CHILDREN[runtime];
  const script = entry ?? fileURLToPath(own);
  const node = [process.execPath, ...permissionFlags(reads), ...SANDBOX_V8_FLAGS, ...flags, script];
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

const found = new Map<Runtime, Reads>();

function readsOf(runtime: Runtime): Reads {
  let reads = found.get(runtime);
  if (!reads) {
    reads = SANDBOX_CHILDREN[runtime].reads();
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
