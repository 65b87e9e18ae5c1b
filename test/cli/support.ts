import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';

/** The CLI as the tests run it: `node bin/deltalab.js`. */
export const BIN = join(import.meta.dirname, '../../bin/deltalab.js');

const exec = promisify(execFile);

/** What a run of the command gave: its exit code and its output. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the real command; resolves with its exit code and output (never rejects). */
export async function deltalab(...args: string[]): Promise<CliRun> {
  return deltalabIn({}, ...args);
}

/** {@link deltalab} in another folder, or with variables added to the environment. */
export async function deltalabIn(
  where: { cwd?: string; env?: NodeJS.ProcessEnv },
  ...args: string[]
): Promise<CliRun> {
  const options = {
    timeout: 120_000,
    ...(where.cwd ? { cwd: where.cwd } : {}),
    ...(where.env ? { env: { ...process.env, ...where.env } } : {}),
  };
  try {
    const { stdout, stderr } = await exec(process.execPath, [BIN, ...args], options);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as CliRun;
    return { code, stdout, stderr };
  }
}

/** {@link deltalab}, and how long the run took (ms). */
export async function timed(...args: string[]): Promise<CliRun & { ms: number }> {
  const started = performance.now();
  const run = await deltalab(...args);
  return { ...run, ms: performance.now() - started };
}

/** A folder of its own for one test file's inputs, and a writer of files into it. */
export function scratch(prefix: string): {
  dir: string;
  file: (name: string, content: string | Uint8Array) => string;
} {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return {
    dir,
    file: (name, content) => {
      const path = join(dir, name);
      writeFileSync(path, content);
      return path;
    },
  };
}

/** Exactly one line on stderr, starting `deltalab:`, and no stack trace. */
export function oneLine(stderr: string): string {
  const lines = stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^deltalab: /);
  expect(stderr).not.toMatch(/\n\s+at /);
  return lines[0] as string;
}
