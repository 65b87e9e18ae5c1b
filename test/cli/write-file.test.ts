import { execFileSync, spawnSync } from 'node:child_process';
import {
  closeSync,
  constants,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  readSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeAtomically } from '../../src/cli/write-file.js';
import { BIN, scratch } from './support.js';

const { dir, file } = scratch('deltalab-write-file-');

describe('writeAtomically: an output written whole', () => {
  it('writes a new file, and a file that is there, leaving nothing beside it', () => {
    const file = join(dir, 'new.txt');
    writeAtomically(file, 'one\n');
    writeAtomically(file, 'two\n');
    expect(readFileSync(file, 'utf8')).toBe('two\n');
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('writes through a symbolic link to a file: the link stays, its target changes', () => {
    const target = join(dir, 'target.txt');
    const link = join(dir, 'link.txt');
    writeFileSync(target, 'old\n');
    symlinkSync(target, link);
    writeAtomically(link, 'new\n', '--output');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(target);
    expect(readFileSync(target, 'utf8')).toBe('new\n');
  });

  it('writes into what is not a file (a pipe, as /dev/stdout may be), never replacing it', () => {
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    // A reader that is there before the write, so that the write does not wait for one.
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      writeAtomically(fifo, 'session\n');
      expect(lstatSync(fifo).isFIFO()).toBe(true);
      const read = Buffer.alloc(64);
      expect(read.subarray(0, readSync(reader, read)).toString()).toBe('session\n');
    } finally {
      closeSync(reader);
    }
  });

  it('writes a --record to stdout where it goes, a file, after what was printed, both kept', () => {
    const printed = join(dir, 'printed.txt');
    const stdout = join(dir, 'stdout');
    // A link of the user's to /dev/stdout (the link, not /dev/stdout, is what a rename replaced).
    symlinkSync('/dev/stdout', stdout);
    const out = openSync(printed, 'w');
    try {
      const run = spawnSync(
        process.execPath,
        [BIN, 'isolate', '--oracle-cmd', 'grep -q BUG'].concat([
          '--pass-file',
          file('pass.txt', 'a\n'),
          '--fail-file',
          file('fail.txt', 'a\nBUG\n'),
          '--record',
          stdout,
        ]),
        { stdio: ['ignore', out, 'pipe'], timeout: 60_000 },
      );
      expect(run.status).toBe(0);
    } finally {
      closeSync(out);
    }
    expect(lstatSync(stdout).isSymbolicLink()).toBe(true);
    const text = readFileSync(printed, 'utf8');
    expect(text).toMatch(/^\{"type":"header"/);
    expect(text).toMatch(/\n--- a\/.*fail\.txt\n/);
  }, 60_000);
});
