import {
  fstatSync,
  realpathSync,
  renameSync,
  rmSync,
  type Stats,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Session } from '../core/session/events.js';
import { writeSession } from '../core/session/format/writer.js';
import { UsageError } from './usage-error.js';

/**
 * Writes `file` whole or not at all: the text goes to a file beside it, which then takes its
 * place, so a failed write never leaves a truncated file where the old one was. A symbolic link
 * to a file is written through (the file beside its target takes the target's place, the link
 * stays). What stdout or stderr goes to (`/dev/stdout`, a link to it) is written to there, after
 * what was printed; anything else that is not a file, or is in `/dev` or `/proc`, is appended
 * to, never replaced. A failure is a {@link UsageError} naming `option`.
 */
export function writeAtomically(file: string, text: string, option = '--record'): void {
  const place = wherePut(file);
  if (typeof place === 'number') {
    tryWrite(file, option, () => writeFileSync(place, text));
    return;
  }
  if (place === null) {
    tryWrite(file, option, () => writeFileSync(file, text, { flag: 'a' }));
    return;
  }
  const beside = join(dirname(place), `.${basename(place)}.${process.pid}.tmp`);
  tryWrite(file, option, () => {
    try {
      writeFileSync(beside, text);
      renameSync(beside, place);
    } catch (error) {
      rmSync(beside, { force: true });
      throw error;
    }
  });
}

/**
 * Where a file's text goes: the standard stream (1 or 2) it is; null for what is there and not
 * a file, or is in `/dev` or `/proc`, appended to; else the path it is put whole at: the real
 * path of a file that is there (through its links), the path given (not there yet, or a
 * broken link, which the file then replaces).
 */
function wherePut(file: string): string | number | null {
  const system = /^\/(dev|proc)\//.test(resolve(file));
  try {
    const stats = statSync(file);
    const stream = printedTo(stats);
    if (stream !== null) return stream;
    return !stats.isFile() || system ? null : realpathSync(file);
  } catch {
    return system ? null : resolve(file);
  }
}

/** The standard stream, stdout or stderr, that is printed to `file`; null if none is. */
function printedTo(file: Stats): number | null {
  for (const fd of [1, 2]) {
    try {
      const printed = fstatSync(fd);
      if (printed.dev === file.dev && printed.ino === file.ino) return fd;
    } catch {
      // Closed.
    }
  }
  return null;
}

/** Runs `write`; its failure as a {@link UsageError} naming `option` and `file`. */
function tryWrite(file: string, option: string, write: () => void): void {
  try {
    write();
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new UsageError(`cannot write ${option} ${file}: ${reason}`);
  }
}

/** Writes a session to the file `--record` names, packed unless `raw`. */
export function writeRecord(file: string, session: Session, raw: boolean): void {
  writeAtomically(file, writeSession(session, raw ? 'raw' : 'packed'));
}
