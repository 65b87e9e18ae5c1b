import type { Header, Session } from '../events.js';
import { type StoredConfig, storedConfig } from '../task.js';
import { jsonLine } from './json-line.js';
import { pack } from './pack.js';

/**
 * The two text forms of a session: `raw`, one event per line, and `packed`, the canonical form
 * in which eligible runs of events share a row. Both end every line with a newline.
 */
export type TextForm = 'raw' | 'packed';

/** Writes a session as JSONL text. */
export function writeSession(session: Session, form: TextForm = 'packed'): string {
  const rows = form === 'packed' ? pack(session.header, session.events) : session.events;
  let text = `${jsonLine(storedHeader(session.header))}\n`;
  for (const row of rows) text += `${jsonLine(row)}\n`;
  return text;
}

/** A header as files store it: its config without the task (see `StoredConfig`). */
export function storedHeader(header: Header): Omit<Header, 'config'> & { config: StoredConfig } {
  return { ...header, config: storedConfig(header.config) };
}
