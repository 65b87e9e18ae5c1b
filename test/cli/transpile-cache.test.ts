import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildStamp, cachedTranspiler, transpileCacheDir } from '../../src/cli/transpile-cache.js';
import { type Transpiler, transpile } from '../../src/live/transpile.js';
import type { CodeSpec } from '../../src/protocol/sandbox.js';
import { BIN } from './support.js';

const SPEC: CodeSpec = {
  source: 'export function f(a: number[]): number { return a.length; }',
  language: 'ts',
  role: 'candidate',
};

/** A cache in a fresh folder whose compiler counts its loads and its calls. */
function counted(
  dir: string | null = mkdtempSync(join(tmpdir(), 'deltalab-cache-')),
  build = 'b1',
  maxEntries?: number,
) {
  const counts = { loads: 0, calls: 0 };
  const load = async (): Promise<Transpiler> => {
    counts.loads += 1;
    return (spec) => {
      counts.calls += 1;
      return transpile(spec);
    };
  };
  return { dir, counts, transpiler: cachedTranspiler({ dir, build, load, maxEntries }) };
}

describe('cachedTranspiler', () => {
  it('gives what transpile gives, and a later process reads it back without loading the compiler', async () => {
    const first = counted();
    const made = await first.transpiler(SPEC);
    expect(made).toEqual(transpile(SPEC));
    expect(first.counts).toEqual({ loads: 1, calls: 1 });
    expect(readdirSync(first.dir as string)).toHaveLength(1);

    const later = counted(first.dir); // another process, same build, same folder
    expect(await later.transpiler(SPEC)).toEqual(made);
    expect(later.counts).toEqual({ loads: 0, calls: 0 });
  });

  it('transpiles each code once in a process, however many clients ask', async () => {
    const { transpiler, counts } = counted(null);
    const results = await Promise.all([transpiler(SPEC), transpiler(SPEC), transpiler(SPEC)]);
    expect(results[1]).toBe(results[0]);
    expect(counts).toEqual({ loads: 1, calls: 1 });
  });

  it('keys an entry by source, language, role and build', async () => {
    const { dir, transpiler } = counted();
    await transpiler(SPEC);
    for (const other of [
      { ...SPEC, source: `${SPEC.source}\n` },
      { ...SPEC, role: 'reference' as const },
      { ...SPEC, language: 'js' as const, source: 'export function f(a) { return a.length; }' },
    ]) {
      const again = counted(dir);
      expect(await again.transpiler(other)).toEqual(transpile(other));
      expect(again.counts.calls).toBe(1);
    }
    const rebuilt = counted(dir, 'b2');
    await rebuilt.transpiler(SPEC);
    expect(rebuilt.counts.calls).toBe(1);
  });

  it('keeps no syntax error: the error comes from the compiler each time, with its position', async () => {
    const broken: CodeSpec = { source: 'export function f( {', language: 'js', role: 'candidate' };
    const first = counted();
    const made = await first.transpiler(broken);
    expect(made.ok).toBe(false);
    expect(readdirSync(first.dir as string)).toHaveLength(0);
    const later = counted(first.dir);
    expect(await later.transpiler(broken)).toEqual(made);
    expect(later.counts.calls).toBe(1);
  });

  it('transpiles again over an entry that does not read right, and rewrites it', async () => {
    const first = counted();
    const made = await first.transpiler(SPEC);
    const [name] = readdirSync(first.dir as string);
    const file = join(first.dir as string, name as string);
    for (const bad of ['{"code": 1, "mappings": ""}', 'not json', 'null', '']) {
      writeFileSync(file, bad);
      const later = counted(first.dir);
      expect(await later.transpiler(SPEC)).toEqual(made);
      expect(later.counts.calls).toBe(1);
      expect(JSON.parse(readFileSync(file, 'utf8')).code).toBe(made.ok && made.spec.code);
    }
  });

  it('keeps at most so many entries: past it, the least recently used go', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'deltalab-cache-'));
    const entries = () => readdirSync(dir).filter((name) => name.endsWith('.json'));
    const files: string[] = []; // entry i's file
    const use = async (i: number) => {
      const before = new Set(entries());
      const source = `export const candidate = (a) => a.length + ${i};`;
      await counted(dir, 'b1', 8).transpiler({ ...SPEC, language: 'js', source });
      files[i] ??= entries().find((name) => !before.has(name)) as string;
    };
    for (let i = 0; i < 8; i++) await use(i);
    files.forEach((name, i) => {
      utimesSync(join(dir, name), 1000 + i, 1000 + i); // entry 0 the least recently used
    });
    // Files of the user's own in a folder named by DELTALAB_CACHE_DIR are no entries.
    for (let k = 0; k < 20; k++) writeFileSync(join(dir, `notes-${k}.json`), '{}');
    await use(0); // read back: now the most recently used
    await use(8); // a ninth: the folder is pruned to three quarters of eight
    const keys = entries().filter((name) => !name.startsWith('notes-'));
    expect(keys.sort()).toEqual([0, 4, 5, 6, 7, 8].map((i) => files[i]).sort());
    expect(entries().filter((name) => name.startsWith('notes-'))).toHaveLength(20);
  });

  it('runs on when the folder cannot be made', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'deltalab-cache-')), 'a-file');
    writeFileSync(file, '');
    const blocked = counted(join(file, 'cache')); // a folder inside a file: not even root makes it
    expect(await blocked.transpiler(SPEC)).toEqual(transpile(SPEC));
    expect(blocked.counts.calls).toBe(1);
  });
});

describe('transpileCacheDir', () => {
  it('is DELTALAB_CACHE_DIR, none for "off", else under XDG_CACHE_HOME or ~/.cache', () => {
    expect(transpileCacheDir({ DELTALAB_CACHE_DIR: '/tmp/c' })).toBe('/tmp/c');
    expect(transpileCacheDir({ DELTALAB_CACHE_DIR: 'off' })).toBeNull();
    expect(transpileCacheDir({ XDG_CACHE_HOME: '/x' })).toBe('/x/deltalab');
    expect(transpileCacheDir({})).toMatch(/\/\.cache\/deltalab$/);
  });
});

describe('buildStamp', () => {
  it('names the tool and the build', () => {
    expect(buildStamp('deltalab 9.9.9')).toMatch(/^deltalab 9\.9\.9 \d+ [\d.]+$/);
  });
});

describe('deltalab and its cache', () => {
  const run = async (dir: string, ...args: string[]) => {
    const env = { ...process.env, DELTALAB_CACHE_DIR: dir };
    const { stdout } = await promisify(execFile)(process.execPath, [BIN, ...args], { env });
    return JSON.parse(stdout) as { reduced: unknown; calls: number; status: string };
  };

  it('keeps the transpiled candidate and reference, and a later run reads them to the same answer', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'deltalab-cache-'));
    const first = await run(dir, 'reduce', '--history', 'none');
    expect(readdirSync(dir).filter((name) => /^[0-9a-f]{64}\.json$/.test(name))).toHaveLength(2);
    // Beside them, what containment the sandboxes found here (see containment.test.ts).
    expect(readdirSync(dir)).toContain('containment.json');
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    const again = await run(dir, 'reduce', '--history', 'none');
    expect(again).toEqual(first);
    expect(again.reduced).toEqual([-7]);
  });

  it('is named in the help, with its default', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [BIN, '--help']);
    expect(stdout).toMatch(/DELTALAB_CACHE_DIR .*\n.*\n.*~\/\.cache\/deltalab; 'off': nowhere/);
  });

  it('keeps nothing with DELTALAB_CACHE_DIR=off', async () => {
    const home = mkdtempSync(join(tmpdir(), 'deltalab-home-'));
    const env = { ...process.env, DELTALAB_CACHE_DIR: 'off', HOME: home, XDG_CACHE_HOME: home };
    const exec = promisify(execFile);
    const { stdout } = await exec(process.execPath, [BIN, 'reduce', '--input', '[-7]'], { env });
    expect(JSON.parse(stdout).status).toBe('reduced');
    expect(readdirSync(home)).toEqual([]);
  });
});
