import type { ByteString } from '../text/bytes.js';

/**
 * The path a file's header in a `git diff` names, as bytes: `+++ b/…`, else `--- a/…`, else the
 * `diff --git a/… b/…` line's. Git quotes a name with unusual bytes (`"a/x\ty"`, `\"`, `\\`,
 * octal escapes; bytes beyond ASCII too unless `core.quotePath` is off) and puts a tab after a
 * name that holds a space in `---` and `+++` lines: neither is part of the path.
 */
export function diffPath(head: readonly ByteString[]): ByteString {
  const named = (prefix: string, side: string) => {
    const line = head.find((text) => text.startsWith(prefix));
    if (line === undefined) return null;
    const path = unquote(line.slice(prefix.length).replace(/\n$/, '').replace(/\t$/, ''));
    return path.startsWith(side) ? path.slice(side.length) : null;
  };
  const found = named('+++ ', 'b/') ?? named('--- ', 'a/');
  if (found !== null) return found;
  const names = (head[0] ?? '').replace(/\n$/, '').replace(/^diff --git /, '');
  // Without renames both names are one path: `a/P b/P`, each quoted or neither, equally long.
  const middle = (names.length - 1) / 2;
  if (Number.isInteger(middle) && names[middle] === ' ') {
    const [old, now] = [unquote(names.slice(0, middle)), unquote(names.slice(middle + 1))];
    if (old.startsWith('a/') && now.startsWith('b/') && old.slice(2) === now.slice(2)) {
      return now.slice(2);
    }
  }
  const quoted = names.lastIndexOf(' "b/');
  const at = quoted >= 0 ? quoted : names.lastIndexOf(' b/');
  return at < 0 ? names : unquote(names.slice(at + 1)).replace(/^b\//, '');
}

/** The C-style escapes git writes in a quoted path, and the bytes they stand for. */
const ESCAPES: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13 };

/** A path as git quotes one (`"a/x\ty"`), unquoted to its bytes; any other path as it is. */
function unquote(path: ByteString): ByteString {
  if (path.length < 2 || !path.startsWith('"') || !path.endsWith('"')) return path;
  const body = path.slice(1, -1);
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const char = body[i] as string;
    if (char !== '\\') {
      out += char;
      continue;
    }
    const next = body[++i] ?? '';
    if (/[0-7]/.test(next)) {
      out += String.fromCharCode(Number.parseInt(body.slice(i, i + 3), 8) & 0xff);
      i += 2;
    } else out += String.fromCharCode(ESCAPES[next] ?? next.charCodeAt(0));
  }
  return out;
}
