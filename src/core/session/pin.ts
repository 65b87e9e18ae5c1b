/**
 * Content pins for companion files. A session that refers to `examples/code/…` records a pin,
 * a short hash of the file's text, so a fixture or an imported session can tell when the file
 * it was recorded with has since changed.
 */

import type { CodeRef, SessionCode } from '../code/refs.js';
import { FNV_OFFSET, fnv1a } from '../hash/fnv1a.js';
import { ROLES } from '../oracle/verdict.js';

/** A content pin: the algorithm and eight lowercase hex digits, e.g. `fnv1a32:0123abcd`. */
const PIN = /^fnv1a32:[0-9a-f]{8}$/;

/** Whether `value` is a well-formed pin, `fnv1a32:` and eight lowercase hex digits. */
export function isPin(value: unknown): value is string {
  return typeof value === 'string' && PIN.test(value);
}

/**
 * The pin of a file's text: 32-bit FNV-1a over its UTF-16 code units, with CRLF line ends read
 * as LF (a checkout that converts line ends holds the same code and must keep the same pin).
 */
export function pinOf(text: string): string {
  let hash = FNV_OFFSET;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit === 0x0d && text.charCodeAt(i + 1) === 0x0a) continue;
    hash = fnv1a(hash, unit);
  }
  return `fnv1a32:${(hash >>> 0).toString(16).padStart(8, '0')}`;
}

/**
 * The same code with every companion file ref pinned to its current text (inline sources are
 * left as they are). `textOf` reads a file ref's path, e.g. `code/trap/outcome.js`.
 */
export function pinCode(code: SessionCode, textOf: (file: string) => string): SessionCode {
  const pinned: SessionCode = { ...code };
  for (const role of ROLES) {
    const ref: CodeRef | undefined = code[role];
    if (ref && 'file' in ref) pinned[role] = { file: ref.file, pin: pinOf(textOf(ref.file)) };
  }
  return pinned;
}

/**
 * Why the pinned files of `code` no longer hold what they were pinned to: one message per file
 * whose text is missing (`textOf` gives undefined) or hashes to another pin. `textOf` may give
 * several texts that count as the file (a lesson file and its twins with translated comments):
 * the pin holds when one of them has it. Unpinned refs and inline sources are not checked. Empty
 * when every pin holds.
 */
export function pinProblems(
  code: SessionCode,
  textOf: (file: string) => string | readonly string[] | undefined,
): string[] {
  const problems = new Map<string, string>();
  for (const role of ROLES) {
    const ref = code[role];
    if (!ref || !('file' in ref) || ref.pin === undefined || problems.has(ref.file)) continue;
    const text = textOf(ref.file);
    if (text === undefined) problems.set(ref.file, `${ref.file} is missing`);
    else if (!(typeof text === 'string' ? [text] : text).some((each) => pinOf(each) === ref.pin)) {
      problems.set(ref.file, `${ref.file} has changed since the session was recorded`);
    }
  }
  return [...problems.values()];
}

/** The same code with every pin removed (to compare what a session runs, not when). */
export function unpinCode(code: SessionCode): SessionCode {
  const unpinned: SessionCode = { ...code };
  for (const role of ROLES) {
    const ref = code[role];
    if (ref && 'file' in ref) unpinned[role] = { file: ref.file };
  }
  return unpinned;
}
