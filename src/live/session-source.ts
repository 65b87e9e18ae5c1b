import type { Session } from '../core/session/events.js';
import { readSession, SessionReader } from '../core/session/format/reader.js';
import type { SessionSource } from '../protocol/reducer.js';

export type { SessionSource } from '../protocol/reducer.js';

/**
 * Reads a recorded session from text or from a file. A file is read in chunks, parsed as it
 * streams in and never held whole, with its progress reported (0..1). Throws
 * `SessionFormatError` (with the line) for a malformed session; nothing is returned unless the
 * whole of it is valid.
 */
export async function readSource(
  source: SessionSource,
  onProgress: (fraction: number) => void = () => {},
): Promise<Session> {
  if (typeof source === 'string') return readSession(source);
  const reader = new SessionReader();
  const stream = source.stream().pipeThrough(new TextDecoderStream());
  let read = 0;
  for await (const chunk of stream as unknown as AsyncIterable<string>) {
    reader.push(chunk);
    read += chunk.length;
    onProgress(Math.min(1, read / Math.max(1, source.size)));
  }
  return reader.end();
}
