import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { BIN } from './support.js';

const exec = promisify(execFile);

/**
 * A file Node loads before the command (`-r`): it reports each sandbox process the command
 * starts, and from which of the command's two bundles, as a line on stderr.
 */
const WATCH = join(mkdtempSync(join(tmpdir(), 'deltalab-entry-')), 'watch.cjs');
writeFileSync(
  WATCH,
  `const childProcess = require('node:child_process');
const spawn = childProcess.spawn;
childProcess.spawn = function (file, args, options) {
  if ((args ?? []).some((arg) => String(arg).endsWith('sandbox.child.cjs'))) {
    const stack = new Error().stack;
    const from = stack.includes('main.cjs') ? 'main' : stack.includes('deltalab.cjs') ? 'entry' : '?';
    process.stderr.write('sandbox started from ' + from + '\\n');
  }
  return spawn.apply(this, arguments);
};
`,
);

/** Runs the command with the watch; the bundles its sandboxes were started from, and its JSON. */
async function run(...args: string[]): Promise<{ from: string[]; stdout: string }> {
  const { stdout, stderr } = await exec(process.execPath, ['-r', WATCH, BIN, ...args], {
    timeout: 120_000,
  });
  const from = [...stderr.matchAll(/^sandbox started from (\w+|\?)$/gm)].map((m) => m[1] ?? '');
  return { from, stdout };
}

describe('the deltalab entry: the sandboxes a command line wants start before the command loads', () => {
  it('starts the pair a reduce needs from the entry, and the command takes them (none started twice)', async () => {
    const { from, stdout } = await run('reduce', '--history', 'none');
    expect(from).toEqual(['entry', 'entry']);
    expect(JSON.parse(stdout)).toMatchObject({ status: 'reduced', verified: true, calls: 5 });
  });

  it('starts N pairs for --jobs N, and one for a predicate lesson', async () => {
    const jobs = await run('reduce', '--jobs', '2', '--history', 'none');
    expect(jobs.from).toEqual(['entry', 'entry', 'entry', 'entry']);
    expect(JSON.parse(jobs.stdout)).toMatchObject({ status: 'reduced', verified: true });
    const predicate = await run('reduce', '--example', 'cache', '--history', 'none');
    expect(predicate.from).toEqual(['entry']);
  });

  it('starts none for a command that runs no JavaScript sandbox', async () => {
    const { from, stdout } = await run('generate', '--seed', '1', '--count', '2');
    expect(from).toEqual([]);
    expect(stdout.trim().split('\n')).toHaveLength(2);
  });
});
