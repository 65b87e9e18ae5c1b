import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Session } from '../core/session/events.js';
import { writeSession } from '../core/session/format/writer.js';
import { UsageError } from './usage-error.js';

/**
 * Writes `file` whole or not at all: the text goes to a file beside it, which then takes its
 * place, so a failed write never leaves a truncated file where the old one was. A failure is a
 * {@link UsageError} naming `option`.
 */
export function writeAtomically(file: string, text: string, option = '--record'): void {
  const beside = join(dirname(resolve(file)), `.${basename(file)}.${process.pid}.tmp`);
  try {
    writeFileSync(beside, text);
    renameSync(beside, file);
  } catch (error) {
    rmSync(beside, { force: true });
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new UsageError(`cannot write ${option} ${file}: ${reason}`);
  }
}

/** Writes a session to the file `--record` names, packed unless `raw`. */
export function writeRecord(file: string, session: Session, raw: boolean): void {
  writeAtomically(file, writeSession(session, raw ? 'raw' : 'packed'));
}
