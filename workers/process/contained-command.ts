import { lstatSync } from 'node:fs';
import { nodeRuntimeFiles } from './runtime-files.js';

/**
 * What keeps a sandbox process in, besides Node's permission model: bubblewrap, util-linux's
 * unshare (both Linux namespaces; see contained-command.ts for what each does), or nothing.
 */
export type Mechanism = 'bwrap' | 'unshare' | 'none';

/** The programs the mechanisms run, where they were found on PATH. */
export interface Tools {
  bwrap?: string;
  unshare?: string;
  setpriv?: string;
  mount?: string;
  sh?: string;
}

/** The mechanism sandbox processes run under here, and why none when none. */
export interface Containment {
  mechanism: Mechanism;
  tools: Tools;
  /** Why nothing contains the sandboxes (for `none`; empty otherwise). */
  reason: string;
}

/** A node command line wrapped in what contains it. */
export interface ContainedCommand {
  command: string;
  args: string[];
  /**
   * How far below the started process node itself runs (0: it is node): what watches node's
   * memory looks that many generations down.
   */
  depth: number;
}

/**
 * Folders that may hold sockets or a user's files, each replaced by an empty read-only one in
 * an `unshare` sandbox (bubblewrap shows nothing it is not told to): a socket named in the file
 * system (a Docker or X11 one, say) is reached by `connect`, which Node's permission model does
 * not check.
 */
export const HIDDEN_FOLDERS: readonly string[] = [
  '/tmp',
  '/var/tmp',
  '/run',
  '/dev/shm',
  '/home',
  '/root',
  '/mnt',
  '/media',
  '/srv',
];

/**
 * `node` (its argv, the binary first) as the containment `how` runs it, seeing of the file system
 * only `reads` (files and folders, read-only) and the runtime's own files:
 *
 * - `bwrap`: new user, PID, network, IPC and UTS namespaces, and a mount namespace whose root is
 *   an empty read-only tmpfs with only those paths bound into it; no capabilities; killed with
 *   the process that started it (`--die-with-parent`). Node runs as PID 2 under bubblewrap's
 *   init, which is PID 1 (so a signal to the parent PID reaches no one).
 * - `unshare`: the same namespaces; `setpriv --pdeathsig KILL` makes unshare die with the
 *   process that started it and `--kill-child` takes its child along. A shell, PID 1, mounts an
 *   empty tmpfs over each of {@link HIDDEN_FOLDERS} that holds none of `reads`, then runs node
 *   without capabilities. The rest of the file system stays in view: Node's permission model
 *   alone limits what is read.
 * - `none`: node itself, under `setpriv --pdeathsig KILL` where setpriv is found, so that it
 *   still dies with the process that started it.
 *
 * "Dies with" is Linux's parent-death signal, which comes when the *thread* that started the
 * process ends: the command starts every sandbox from its main thread, which ends only with it.
 */
export function containedCommand(
  how: Containment,
  node: readonly string[],
  reads: readonly string[],
): ContainedCommand {
  const { tools } = how;
  if (how.mechanism === 'bwrap' && tools.bwrap) {
    const binds: string[] = [];
    for (const file of nodeRuntimeFiles()) binds.push('--ro-bind', file.source, file.path);
    // A read that is missing (a code cache the build did not leave) is left out, not an error.
    for (const path of reads) binds.push('--ro-bind-try', path, path);
    return {
      command: tools.bwrap,
      args: [
        '--unshare-user',
        '--unshare-pid',
        '--unshare-net',
        '--unshare-ipc',
        '--unshare-uts',
        '--die-with-parent',
        '--cap-drop',
        'ALL',
        ...binds,
        '--remount-ro',
        '/',
        '--chdir',
        '/',
        '--',
        ...node,
      ],
      depth: 2,
    };
  }
  if (how.mechanism === 'unshare' && tools.unshare && tools.setpriv && tools.sh && tools.mount) {
    // What node needs, and the programs run after the first folder is hidden.
    const kept = [
      ...reads,
      ...nodeRuntimeFiles().flatMap((file) => [file.path, file.source]),
      tools.mount,
      tools.setpriv,
    ];
    const hidden = HIDDEN_FOLDERS.filter(
      (folder) => isFolder(folder) && !kept.some((path) => within(path, folder)),
    );
    return {
      command: tools.setpriv,
      args: [
        '--pdeathsig',
        'KILL',
        '--',
        tools.unshare,
        '--user',
        '--map-root-user',
        '--mount',
        '--pid',
        '--net',
        '--ipc',
        '--uts',
        '--fork',
        '--kill-child',
        '--',
        tools.sh,
        '-c',
        HIDE_AND_RUN,
        'sh',
        tools.mount,
        hidden.at(-1) ?? '',
        hidden.map((folder) => `deltalab ${folder} tmpfs ro,mode=0555,size=4k 0 0`).join('\n'),
        tools.setpriv,
        '--no-new-privs',
        '--inh-caps=-all',
        '--bounding-set=-all',
        '--',
        ...node,
      ],
      depth: 2,
    };
  }
  if (how.mechanism === 'none') {
    const [binary = process.execPath, ...rest] = node;
    return tools.setpriv
      ? { command: tools.setpriv, args: ['--pdeathsig', 'KILL', '--', binary, ...rest], depth: 0 }
      : { command: binary, args: rest, depth: 0 };
  }
  throw new Error(`the programs ${how.mechanism} needs were not found`);
}

/**
 * The shell run as PID 1 of an `unshare` sandbox: `$1` is mount, `$2` a folder to hide (the
 * last of them) and `$3` an fstab hiding each of them under an empty read-only tmpfs. Mounted
 * with one `mount --all`, not one `mount` a folder (about 2 ms each): the table is written to a
 * tmpfs of its own over `$2`, which its last line then covers. Then the rest is run (not
 * exec'd: the shell stays PID 1, so node is PID 2 as under bubblewrap, and its exit status is
 * passed on).
 */
const HIDE_AND_RUN = [
  'm=$1 at=$2 table=$3; shift 3',
  'if [ -n "$at" ]; then',
  '  "$m" -t tmpfs -o mode=0700,size=64k deltalab-table "$at" || exit 125',
  '  printf \'%s\\n\' "$table" > "$at/fstab" || exit 125',
  '  "$m" --all --fstab "$at/fstab" || exit 125',
  'fi',
  '"$@"',
].join('\n');

function isFolder(path: string): boolean {
  try {
    // A link (/var/run to /run, say) is left alone: a mount on it would land on its target.
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}

function within(path: string, folder: string): boolean {
  return path === folder || path.startsWith(`${folder}/`);
}
