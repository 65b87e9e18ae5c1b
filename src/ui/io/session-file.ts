import type { Session } from '../../core/session/events.js';
import { SessionReader } from '../../core/session/format/reader.js';

/**
 * Reads a session file in chunks, reporting progress, so a large file neither freezes the page
 * nor has to be held twice. Throws `SessionFormatError` (with the line) for a malformed file;
 * nothing is returned, and so nothing changes, unless the whole file is valid.
 */
export async function readSessionFile(
  file: Blob,
  onProgress: (fraction: number) => void = () => {},
): Promise<{ session: Session; text: string }> {
  const reader = new SessionReader();
  const stream = file.stream().pipeThrough(new TextDecoderStream());
  const parts: string[] = [];
  let read = 0;
  for await (const chunk of stream as unknown as AsyncIterable<string>) {
    reader.push(chunk);
    parts.push(chunk);
    read += chunk.length;
    onProgress(Math.min(1, read / Math.max(1, file.size)));
    // Yield between chunks so the page repaints the progress bar.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  const session = reader.end();
  return { session, text: parts.join('') };
}
