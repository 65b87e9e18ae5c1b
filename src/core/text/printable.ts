/**
 * `text` on one line and safe to print to a terminal: control characters (ESC sequences, NUL,
 * line breaks) and the other invisible C0/C1 codes are written as `\u001b` and the like, so
 * that a message quoting a hostile file cannot move the cursor, change colours or hide text.
 */
export function printable(text: string): string {
  return escaped(text, false);
}

/**
 * A text of many lines (a unified diff) safe to print to a terminal: each line as
 * {@link printable} writes it but for tabs, kept (they only move the cursor on to the next tab
 * stop), and the line breaks `\n` between them kept (a `\r` before one is written `\u000d`: a
 * diff of CRLF lines against LF ones shows it).
 */
export function printableLines(text: string): string {
  return text
    .split('\n')
    .map((line) => escaped(line, true))
    .join('\n');
}

/** `text` with its control characters written as `\u` escapes (tabs too, unless `keepTabs`). */
function escaped(text: string, keepTabs: boolean): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const control =
      code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
    const kept = keepTabs && code === 0x09;
    out += control && !kept ? `\\u${code.toString(16).padStart(4, '0')}` : char;
  }
  return out;
}
