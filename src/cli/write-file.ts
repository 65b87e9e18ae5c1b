import { realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Session } from '../core/session/events.js';
import { writeSession } from '../core/session/format/writer.js';
import { UsageError } from './usage-error.js';

/**
 * Writes `file` whole or not at all: the text goes to a file beside it, which then takes its
 * place, so a failed write never leaves a truncated file where the old one was. A symbolic link
 * to a file is written through (the file beside its target takes the target's place, the link
 * stays); what is not a file (a pipe, a terminal) or is in `/dev` or `/proc` (`/dev/stdout`) is
 * written to as it is, never replaced. A failure is a {@link UsageError} naming `option`.
 */
export function writeAtomically(file: string, text: string, option = '--record'): void {
  const place = wherePut(file);
  if (place === null) {
    // Appended: `/dev/stdout` redirected to a file holds what was printed before.
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
 * Where a file is put whole: the path (not there yet, or a broken link, which the file then
 * replaces), the real path of a file that is there (through its links); or null for what is
 * there and not a file, written to as it is.
 */
function wherePut(file: string): string | null {
  // `/dev/stdout` redirected to a file is that file, but one the shell holds open: not replaced.
  if (/^\/(dev|proc)\//.test(resolve(file))) return null;
  try {
    if (!statSync(file).isFile()) return null;
    return realpathSync(file);
  } catch {
    return resolve(file);
  }
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
