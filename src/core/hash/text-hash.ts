import { fnv1a } from './fnv1a.js';

/** A second offset basis: the two halves of {@link textHash} must not move together. */
const SECOND_OFFSET = 0x050c5d1f;

/**
 * A 64-bit hash of a text as 16 hex digits: two 32-bit FNV-1a passes over its UTF-16 code units
 * from different offset bases, the second over the units in reverse. A clipped output keeps it
 * so that two long outputs compare equal only when their texts are (see `clipOutput`).
 */
export function textHash(text: string): string {
  let a = 0x811c9dc5;
  let b = SECOND_OFFSET;
  for (let i = 0, j = text.length - 1; i < text.length; i++, j--) {
    a = fnv1a(a, text.charCodeAt(i));
    b = fnv1a(b, text.charCodeAt(j));
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}
