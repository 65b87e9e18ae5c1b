/**
 * Deflate and inflate with the platform's own `CompressionStream` (browsers and Node 20 alike).
 * Inflating stops past `limit` bytes, so a hostile link cannot blow up into gigabytes.
 */
export async function deflate(text: string): Promise<Uint8Array> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Thrown when inflated data would exceed its limit. */
export class TooLargeError extends Error {
  constructor(limit: number) {
    super(`the data inflates beyond ${Math.round(limit / 1e6)} MB`);
    this.name = 'TooLargeError';
  }
}

/** Inflates `bytes` to text; throws on corrupt data or when it inflates beyond `limit` bytes. */
export async function inflate(bytes: Uint8Array, limit = 20_000_000): Promise<string> {
  const stream = new Blob([bytes as BlobPart])
    .stream()
    .pipeThrough(new DecompressionStream('deflate-raw'));
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new TooLargeError(limit);
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8', { fatal: true }).decode(concat(chunks, size));
}

function concat(chunks: readonly Uint8Array[], size: number): Uint8Array {
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return all;
}

/** Bytes as base64url (RFC 4648 §5, no padding): safe in a URL hash. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bytes of a base64url text; throws on characters outside the alphabet. */
export function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url');
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
