import { createHash } from 'node:crypto';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandCacheDir } from '../../workers/process/cache-dir.js';
import type { Transpiled, Transpiler } from '../live/transpile.js';
import type { CodeSpec } from '../protocol/sandbox.js';

/** Bumped when what an entry holds changes shape. */
const FORMAT = 1;

/** How many entries a cache folder holds at most (a few kilobytes each). */
export const MAX_ENTRIES = 256;

/** The name of an entry: its key (a SHA-256 in hex) and `.json`. */
const ENTRY_NAME = /^[0-9a-f]{64}\.json$/;

/** Where a cache is kept and what it is kept for. */
export interface TranspileCacheOptions {
  /** The folder of the entries, or null for none (every code is transpiled afresh). */
  dir: string | null;
  /** What the entries were made by: an entry made by another build is never read. */
  build: string;
  /** Loads the transpiler itself, at most once, and only when an entry is missing. */
  load: () => Promise<Transpiler>;
  /** Entries kept at most (default {@link MAX_ENTRIES}); past it, the least recently used go. */
  maxEntries?: number;
}

/**
 * The folder the `deltalab` command keeps transpiled code in: `$DELTALAB_CACHE_DIR` (`off`
 * for none), else `$XDG_CACHE_HOME/deltalab`, else `~/.cache/deltalab` (shared with what the
 * sandboxes keep there: see workers/process/cache-dir.ts).
 */
export const transpileCacheDir = commandCacheDir;

/**
 * This build of the command, as the cache knows it: the tool's name and version, and the size
 * and time of the file this function is in (every build writes it anew).
 */
export function buildStamp(tool: string): string {
  const file = statSync(fileURLToPath(import.meta.url));
  return `${tool} ${file.size} ${file.mtimeMs}`;
}

/**
 * A transpiler that keeps what it makes, as Python keeps its bytecode: code seen before (the
 * same source, language and role, by the same build) is read back from a small file instead of
 * being transpiled, so such a run never loads the compiler, and a process that judges with
 * several pairs transpiles each code once. Syntax errors are not kept (they cost nothing to find
 * again and carry the user's positions). An entry that cannot be read, or reads wrong, is
 * transpiled again and rewritten; a cache that cannot be written is no error either. The folder
 * keeps at most `maxEntries` entries, the least recently used going first.
 */
export function cachedTranspiler(options: TranspileCacheOptions): Transpiler {
  const seen = new Map<string, Promise<Transpiled>>();
  let compiler: Promise<Transpiler> | undefined;
  const make = async (spec: CodeSpec, key: string): Promise<Transpiled> => {
    const file = options.dir === null ? null : join(options.dir, `${key}.json`);
    const kept = file === null ? null : readEntry(file);
    if (kept) return { ok: true, spec: { ...spec, ...kept } };
    compiler ??= options.load();
    const made = await (await compiler)(spec);
    if (made.ok && file !== null && options.dir !== null) {
      writeEntry(options.dir, file, { code: made.spec.code, mappings: made.spec.mappings });
      prune(options.dir, options.maxEntries ?? MAX_ENTRIES);
    }
    return made;
  };
  return (spec) => {
    const key = createHash('sha256')
      .update(JSON.stringify([FORMAT, options.build, spec.language, spec.role, spec.source]))
      .digest('hex');
    let made = seen.get(key);
    if (!made) {
      made = make(spec, key);
      seen.set(key, made);
    }
    return made;
  };
}

/** What an entry holds: the transpiled code and its source map's mappings. */
interface Entry {
  code: string;
  mappings: string;
}

function readEntry(file: string): Entry | null {
  try {
    const entry = JSON.parse(readFileSync(file, 'utf8')) as Partial<Entry> | null;
    if (typeof entry?.code !== 'string' || typeof entry.mappings !== 'string') return null;
    touch(file);
    return { code: entry.code, mappings: entry.mappings };
  } catch {
    return null; // missing, unreadable or not JSON: made again
  }
}

/** Marks an entry as used now, so that it is among the last to go when the folder is pruned. */
function touch(file: string): void {
  try {
    const now = new Date();
    utimesSync(file, now, now);
  } catch {
    // A cache that can be read but not written still serves its entries.
  }
}

function writeEntry(dir: string, file: string, entry: Entry): void {
  // Written aside and renamed: a command running beside this one never reads half an entry.
  const aside = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(aside, JSON.stringify(entry));
    renameSync(aside, file);
  } catch {
    // A read-only or full disk: the run goes on without keeping the entry.
  }
}

/**
 * Past `max` entries, removes the least recently used ones down to three quarters of `max`, so
 * that the folder stays small and is not pruned again at every new code.
 */
function prune(dir: string, max: number): void {
  try {
    // Only names this cache makes: a folder named by DELTALAB_CACHE_DIR may hold other files.
    const names = readdirSync(dir).filter((name) => ENTRY_NAME.test(name));
    if (names.length <= max) return;
    const entries = names.map((name) => {
      const path = join(dir, name);
      return { path, used: statSync(path).mtimeMs };
    });
    entries.sort((a, b) => a.used - b.used);
    const keep = Math.floor((max * 3) / 4);
    for (const { path } of entries.slice(0, entries.length - keep)) rmSync(path, { force: true });
  } catch {
    // Another command pruning at the same time, or a folder gone: the next write tries again.
  }
}

/** The command's transpiler: entries in {@link transpileCacheDir}, the compiler loaded on a miss. */
export function commandTranspiler(tool: string): Transpiler {
  return cachedTranspiler({
    dir: transpileCacheDir(),
    build: buildStamp(tool),
    load: async () => (await import('../live/transpile.js')).transpile,
  });
}
