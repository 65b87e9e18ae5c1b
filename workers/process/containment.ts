import { spawnSync } from 'node:child_process';
import {
  accessSync,
  constants,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { release } from 'node:os';
import { delimiter, join } from 'node:path';
import { commandCacheDir } from './cache-dir.js';
import {
  type Containment,
  containedCommand,
  type Mechanism,
  type Tools,
} from './contained-command.js';

export type { Containment, Mechanism, Tools } from './contained-command.js';

/** Chooses the mechanism: `auto` (the default), `bwrap`, `unshare` or `none`. */
export const CONTAINMENT_ENV = 'DELTALAB_CONTAINMENT';

/** Set to `1`, lets Python code run where nothing contains its sandbox (see the README). */
export const UNCONTAINED_PYTHON_ENV = 'DELTALAB_UNCONTAINED_PYTHON';

/** Where what was found is kept between runs, in the command's cache folder. */
const CACHE_FILE = 'containment.json';

/** Bumped when the probe or what it keeps changes. */
const FORMAT = 1;

/**
 * What this process found, and whether it warned: kept on the global object because the
 * command's entry and the command itself are two bundles, each with a copy of this module (see
 * src/cli/entry.ts), and one command must probe once and warn once.
 */
const shared = sharedState();

function sharedState(): { detected?: Containment; warned?: boolean } {
  const global = globalThis as Record<symbol, object | undefined>;
  const key = Symbol.for('deltalab.containment');
  global[key] ??= {};
  return global[key];
}

/** Marks that the warning of uncontained.ts was written; false if it already was. */
export function firstWarning(): boolean {
  if (shared.warned) return false;
  shared.warned = true;
  return true;
}

/**
 * The containment sandbox processes get, as `$DELTALAB_CONTAINMENT` asks: a mechanism named
 * there is used as it is (if its programs are found: a failure to contain is then the sandbox's
 * failure to start); `auto` (or nothing) takes the first that works of bubblewrap, then unshare
 * (where AppArmor forbids unprivileged namespaces but has a profile for bwrap, as Ubuntu 24.04
 * does, only bubblewrap works), else none. What works is found by running node under each, once:
 * it is kept in the cache folder (for the same boot, user, kernel, node and programs), so a
 * command pays for the probe only when something changed (about 10 ms).
 */
export function containment(env: NodeJS.ProcessEnv = process.env): Containment {
  const asked = env[CONTAINMENT_ENV] ?? '';
  if (asked === '' || asked === 'auto') {
    shared.detected ??= detectContainment(env);
    return shared.detected;
  }
  const tools = findTools(env);
  if (asked === 'none') return { mechanism: 'none', tools, reason: `${CONTAINMENT_ENV}=none` };
  if (asked === 'bwrap' || asked === 'unshare') {
    const missing = needed(asked).filter((tool) => !tools[tool]);
    if (missing.length > 0) {
      throw new Error(`${CONTAINMENT_ENV}=${asked}, but ${missing.join(', ')} is not on PATH`);
    }
    return { mechanism: asked, tools, reason: '' };
  }
  throw new Error(`${CONTAINMENT_ENV} must be auto, bwrap, unshare or none, not "${asked}"`);
}

/**
 * Forgets what was found (here and in the cache folder), so that the next command looks again:
 * called when a sandbox could not start under a mechanism found to work before.
 */
export function forgetContainment(env: NodeJS.ProcessEnv = process.env): void {
  shared.detected = undefined;
  const dir = commandCacheDir(env);
  if (dir !== null) rmSync(join(dir, CACHE_FILE), { force: true });
}

/** The programs each mechanism needs. */
function needed(mechanism: Exclude<Mechanism, 'none'>): (keyof Tools)[] {
  return mechanism === 'bwrap' ? ['bwrap'] : ['unshare', 'setpriv', 'sh', 'mount'];
}

/**
 * What `auto` finds (see {@link containment}), without what this process found before: from the
 * cache folder when it holds an answer for the same boot, user, kernel, node and programs, else
 * by probing each mechanism in turn (and kept there).
 */
export function detectContainment(env: NodeJS.ProcessEnv = process.env): Containment {
  const tools = findTools(env);
  if (process.platform !== 'linux') {
    return { mechanism: 'none', tools, reason: `no Linux namespaces on ${process.platform}` };
  }
  const dir = commandCacheDir(env);
  const key = cacheKey(tools);
  const kept = dir === null ? null : readKept(join(dir, CACHE_FILE), key);
  if (kept) return { ...kept, tools };
  const failures: string[] = [];
  let found: Containment | undefined;
  for (const mechanism of ['bwrap', 'unshare'] as const) {
    const missing = needed(mechanism).filter((tool) => !tools[tool]);
    if (missing.length > 0) {
      failures.push(`${mechanism}: ${missing.join(', ')} not found`);
      continue;
    }
    const failure = probe({ mechanism, tools, reason: '' });
    if (failure === null) {
      found = { mechanism, tools, reason: '' };
      break;
    }
    failures.push(`${mechanism}: ${failure}`);
  }
  found ??= { mechanism: 'none', tools, reason: failures.join('; ') };
  if (dir !== null) keep(dir, { key, mechanism: found.mechanism, reason: found.reason });
  return found;
}

/** Runs `node --version` contained as `how` says; null when it worked, else what went wrong. */
function probe(how: Containment): string | null {
  const { command, args } = containedCommand(how, [process.execPath, '--version'], []);
  const run = spawnSync(command, args, { env: {}, encoding: 'utf8', timeout: 10_000, cwd: '/' });
  if (run.status === 0 && run.stdout.trim() === process.version) return null;
  const said = run.stderr.trim().split('\n')[0];
  return said || (run.error ? run.error.message : `exit status ${run.status}`);
}

/** What is kept in the cache file. */
interface Kept {
  key: string;
  mechanism: Mechanism;
  reason: string;
}

/**
 * What the probe's answer depends on: this boot (a sysctl or an AppArmor profile changes with
 * it), the user, the kernel, node, and each program found (path, size, time).
 */
function cacheKey(tools: Tools): string {
  let boot = '';
  try {
    boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    // no boot id: the rest of the key still tells most changes
  }
  const programs = Object.entries(tools).map(([name, path]) => {
    const stat = statSync(path as string);
    return [name, path, stat.size, stat.mtimeMs];
  });
  return JSON.stringify([FORMAT, boot, process.getuid?.(), release(), process.execPath, programs]);
}

function readKept(file: string, key: string): Omit<Kept, 'key'> | null {
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as Partial<Kept>;
    const known: readonly unknown[] = ['bwrap', 'unshare', 'none'];
    if (kept.key !== key || !known.includes(kept.mechanism)) return null;
    return { mechanism: kept.mechanism as Mechanism, reason: String(kept.reason ?? '') };
  } catch {
    return null; // missing or unreadable: probed again
  }
}

function keep(dir: string, kept: Kept): void {
  const file = join(dir, CACHE_FILE);
  // Written aside and renamed: a command starting beside this one never reads half of it.
  const aside = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(aside, JSON.stringify(kept));
    renameSync(aside, file);
  } catch {
    // a cache that cannot be written: the next command probes again
  }
}

/** Each program the mechanisms use, where PATH has it. */
function findTools(env: NodeJS.ProcessEnv): Tools {
  const dirs = (env.PATH ?? '').split(delimiter).filter((dir) => dir.startsWith('/'));
  const find = (name: string) => {
    for (const dir of dirs) {
      const path = join(dir, name);
      try {
        accessSync(path, constants.X_OK);
        // Where it really is: a link into a folder a sandbox hides would not be found there.
        if (statSync(path).isFile()) return realpathSync(path);
      } catch {
        // not here
      }
    }
    return undefined;
  };
  const tools: Tools = {};
  for (const name of ['bwrap', 'unshare', 'setpriv', 'mount', 'sh'] as const) {
    const path = find(name);
    if (path) tools[name] = path;
  }
  return tools;
}
