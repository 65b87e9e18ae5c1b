/**
 * Text shown to a person (on the page or in a terminal) is clipped here first. A link or a file
 * may hold a recorded output or an error message of megabytes, or one letter carrying hundreds
 * of thousands of combining marks (one "character" that a browser lays out in superlinear time):
 * what is drawn must cost no more than the few hundred code points a reader can take in.
 */

/** The most code points a displayed text keeps. */
export const DISPLAY_CHARS = 300;

/** The most combining marks kept on one character (enough for any real script). */
const MARKS_PER_CHAR = 3;

/** Whether a code point is a combining mark (Unicode category M). */
const MARK = /^\p{M}$/u;

/**
 * `text` clipped to at most `max` code points, runs of more than three combining marks on one
 * character cut to three, and `…` where anything was left out. Reads at most a bounded prefix of
 * `text` (a few times `max`), whatever its length, and never splits a surrogate pair.
 */
export function clipText(text: string, max: number = DISPLAY_CHARS): string {
  // The common case: short text of plain characters needs no copy.
  if (text.length <= max && !hasMarks(text)) return text;
  // Dropped marks count towards what is read, so a run of a million marks costs a few thousand
  // steps, not a million.
  const budget = max * 8;
  let out = '';
  let kept = 0;
  let run = 0;
  let dropped = false;
  let i = 0;
  while (i < text.length && kept < max && i < budget) {
    const code = text.codePointAt(i) as number;
    const char = code > 0xffff ? text.slice(i, i + 2) : (text[i] as string);
    i += char.length;
    if (code >= 0x300 && MARK.test(char)) {
      if (++run > MARKS_PER_CHAR) {
        dropped = true;
        continue;
      }
    } else run = 0;
    out += char;
    kept++;
  }
  return i < text.length || dropped ? `${out}…` : out;
}

/** Whether `text` may hold a combining mark (every mark is at U+0300 or above). */
function hasMarks(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) >= 0x300 && MARK.test(String.fromCodePoint(text.codePointAt(i) ?? 0))) {
      return true;
    }
  }
  return false;
}

/**
 * A JSON value as {@link clipText} would show its JSON text, without writing more of that text
 * than it shows: a value of millions of elements costs what its first few hundred characters do.
 * Numbers are written as JSON writes them, keys in their order.
 */
export function clipJson(value: unknown, max: number = DISPLAY_CHARS): string {
  let out = '';
  let cut = false;
  // Whether there is room for more; once there is none, the rest is left out.
  const room = () => {
    if (out.length < max) return true;
    cut = true;
    return false;
  };
  const write = (item: unknown): void => {
    if (!room()) return;
    if (typeof item === 'string') {
      const head = item.length > max ? item.slice(0, max) : item;
      if (head !== item) cut = true;
      out += JSON.stringify(head);
    } else if (Array.isArray(item)) {
      out += '[';
      for (let i = 0; i < item.length; i++) {
        if (!room()) return;
        if (i > 0) out += ',';
        write(item[i]);
      }
      out += ']';
    } else if (item !== null && typeof item === 'object') {
      out += '{';
      let first = true;
      for (const key in item) {
        if (!Object.hasOwn(item, key)) continue;
        if (!room()) return;
        out += `${first ? '' : ','}${JSON.stringify(key.length > max ? key.slice(0, max) : key)}:`;
        first = false;
        write((item as Record<string, unknown>)[key]);
      }
      out += '}';
    } else out += JSON.stringify(item) ?? 'null';
  };
  write(value);
  const shown = clipText(out, max);
  return cut && !shown.endsWith('…') ? `${shown}…` : shown;
}
