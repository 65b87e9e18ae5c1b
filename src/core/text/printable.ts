/**
 * `text` on one line and safe to print to a terminal: control characters (ESC sequences, NUL,
 * line breaks) and the other invisible C0/C1 codes are written as `\u001b` and the like, so
 * that a message quoting a hostile file cannot move the cursor, change colours or hide text.
 */
export function printable(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const control =
      code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
    out += control ? `\\u${code.toString(16).padStart(4, '0')}` : char;
  }
  return out;
}
