/**
 * Bytes held in a string, one character per byte (code points 0–255, as Latin-1 reads them):
 * what a tool's output is before anyone knows it is UTF-8. Plain ECMAScript, for the core.
 */
export type ByteString = string;

/** The bytes of a byte string. */
export function bytesOf(bytes: ByteString): Uint8Array {
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = bytes.charCodeAt(i);
  return out;
}

/** Bytes as a byte string. */
export function byteString(bytes: Uint8Array): ByteString {
  let out = '';
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    out += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return out;
}

/** A text's UTF-8 bytes (a lone surrogate as U+FFFD's, as every encoder writes it). */
export function utf8Bytes(text: string): ByteString {
  let out = '';
  for (const char of text) {
    let code = char.codePointAt(0) as number;
    if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd;
    if (code < 0x80) out += char;
    else if (code < 0x800) out += String.fromCharCode(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000) {
      out += String.fromCharCode(
        0xe0 | (code >> 12),
        0x80 | ((code >> 6) & 63),
        0x80 | (code & 63),
      );
    } else {
      out += String.fromCharCode(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 63),
        0x80 | ((code >> 6) & 63),
        0x80 | (code & 63),
      );
    }
  }
  return out;
}

/** The text that bytes are in UTF-8, or null when they are not valid UTF-8. */
export function utf8Text(bytes: ByteString): string | null {
  const { text, valid } = decode(bytes);
  return valid ? text : null;
}

/** The text of bytes read as UTF-8, each byte that is not part of a character as U+FFFD. */
export function lossyText(bytes: ByteString): string {
  return decode(bytes).text;
}

/**
 * Decodes UTF-8 strictly (no overlong forms, no surrogates, nothing past U+10FFFF); a byte that
 * does not start a whole character becomes U+FFFD.
 */
function decode(bytes: ByteString): { text: string; valid: boolean } {
  const parts: string[] = [];
  let valid = true;
  let i = 0;
  while (i < bytes.length) {
    const first = bytes.charCodeAt(i);
    if (first < 0x80) {
      // A run of ASCII at once: most of a diff.
      let end = i + 1;
      while (end < bytes.length && bytes.charCodeAt(end) < 0x80) end++;
      parts.push(bytes.slice(i, end));
      i = end;
      continue;
    }
    const size = sequenceSize(first);
    let code = size === 2 ? first & 31 : size === 3 ? first & 15 : first & 7;
    let whole = size > 0 && i + size <= bytes.length;
    for (let k = 1; whole && k < size; k++) {
      const next = bytes.charCodeAt(i + k);
      if ((next & 0xc0) !== 0x80) whole = false;
      code = (code << 6) | (next & 63);
    }
    const min = size === 3 ? 0x800 : size === 4 ? 0x10000 : 0x80;
    if (whole && code >= min && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)) {
      parts.push(String.fromCodePoint(code));
      i += size;
    } else {
      parts.push('\ufffd');
      valid = false;
      i++;
    }
  }
  return { text: parts.join(''), valid };
}

/** How many bytes a UTF-8 character that starts with `first` has (0: none starts so). */
function sequenceSize(first: number): number {
  if (first >= 0xc2 && first <= 0xdf) return 2;
  if (first >= 0xe0 && first <= 0xef) return 3;
  if (first >= 0xf0 && first <= 0xf4) return 4;
  return 0;
}
