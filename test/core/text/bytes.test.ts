import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  byteString,
  bytesOf,
  lossyText,
  utf8Bytes,
  utf8Text,
} from '../../../src/core/text/bytes.js';

/** What a strict UTF-8 decoder of the platform says of some bytes. */
function strict(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

describe('bytes held in strings', () => {
  it('go to Uint8Array and back whole', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(bytesOf(byteString(bytes))).toEqual(bytes);
      }),
    );
    expect(byteString(new Uint8Array(100_000).fill(0xe9)).length).toBe(100_000);
  });

  it('encode text as UTF-8 does', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 100 }), (text) => {
        expect(bytesOf(utf8Bytes(text))).toEqual(new TextEncoder().encode(text));
      }),
    );
  });

  it('decode as a strict UTF-8 decoder does: text when valid, else null', () => {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 40 }).map((text) => new TextEncoder().encode(text)),
    );
    fc.assert(
      fc.property(bytes, (raw) => {
        expect(utf8Text(byteString(raw))).toBe(strict(raw));
      }),
      { numRuns: 500 },
    );
    // Overlong, surrogate, beyond U+10FFFF, cut short.
    for (const bad of [
      [0xc0, 0xaf],
      [0xed, 0xa0, 0x80],
      [0xf4, 0x90, 0x80, 0x80],
      [0xe2, 0x82],
    ]) {
      expect(utf8Text(byteString(Uint8Array.from(bad)))).toBeNull();
    }
  });

  it('read what is not UTF-8 as U+FFFD, each byte, and keep the rest', () => {
    expect(lossyText('caf\xe9 ok \xc3\xa9')).toBe('caf\ufffd ok é');
    expect(lossyText('\xe2\x82')).toBe('\ufffd\ufffd');
  });
});
