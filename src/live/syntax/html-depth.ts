/**
 * How deep an HTML text nests its elements, as tree-sitter-html's scanner counts them: the
 * scanner keeps a stack of the open elements and copies all of it at every token, so a parse
 * slows down with the depth times the length (50,000 `<b>` deep took 18 s and more), and past
 * about a thousand it loses the elements it cannot copy. This is the same stack, kept in one
 * pass over the text: an element opens at its start tag (unless void, or closed by `/>`), closes
 * at its end tag (with the elements left open inside it), and a start tag first closes the open
 * elements that cannot hold it (`<li>` the `<li>` before it, a block the `<p>` around it).
 * Comments and the text of `<script>` and `<style>` are skipped. Stops counting past `limit`.
 */
export function htmlDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  const open: string[] = [];
  // How many of each element are open: an end tag of none closes nothing, at once.
  const counts = new Map<string, number>();
  const push = (tag: string) => {
    open.push(tag);
    counts.set(tag, (counts.get(tag) ?? 0) + 1);
  };
  const pop = () => {
    const tag = open.pop() as string;
    counts.set(tag, (counts.get(tag) as number) - 1);
  };
  let deepest = 0;
  let at = 0;
  while (at < text.length && deepest <= limit) {
    const top = open.at(-1);
    const rawEnd = top === undefined ? undefined : RAW_TEXT_END.get(top);
    if (rawEnd) {
      // Raw text runs to the end tag that closes it.
      rawEnd.lastIndex = at;
      const found = rawEnd.exec(text);
      if (!found) break;
      at = found.index;
    }
    const lt = text.indexOf('<', at);
    if (lt < 0) break;
    at = lt + 1;
    if (text.startsWith('!--', at)) {
      const end = text.indexOf('-->', at + 3);
      at = end < 0 ? text.length : end + 3;
      continue;
    }
    const closing = text[at] === '/';
    if (closing) at++;
    const name = tagName(text, at);
    if (name === '') continue;
    at += name.length;
    const tag = name.toUpperCase();
    if (closing) {
      if ((counts.get(tag) ?? 0) > 0) {
        while (open.at(-1) !== tag) pop();
        pop();
      }
    } else {
      while (open.length > 0 && !canContain(open.at(-1) as string, tag)) pop();
      if (!VOID.has(tag)) push(tag);
      deepest = Math.max(deepest, open.length);
    }
    at = tagEnd(text, at, () => {
      if (!closing && !VOID.has(tag)) pop();
    });
  }
  return deepest;
}

/** The end of the raw text of the elements that hold it (searched from their `lastIndex`). */
const RAW_TEXT_END = new Map([
  ['SCRIPT', /<\/script/gi],
  ['STYLE', /<\/style/gi],
]);

/** The elements that never hold anything (the scanner closes them at the next token). */
const VOID = new Set(
  'AREA BASE BASEFONT BGSOUND BR COL COMMAND EMBED FRAME HR IMAGE IMG INPUT ISINDEX KEYGEN LINK MENUITEM META NEXTID PARAM SOURCE TRACK WBR'.split(
    ' ',
  ),
);

/** The elements a start tag of which closes an open `<p>`. */
const NOT_IN_PARAGRAPH = new Set(
  'ADDRESS ARTICLE ASIDE BLOCKQUOTE DETAILS DIV DL FIELDSET FIGCAPTION FIGURE FOOTER FORM H1 H2 H3 H4 H5 H6 HEADER HR MAIN NAV OL P PRE SECTION'.split(
    ' ',
  ),
);

/** Whether an open `parent` can hold a `child` (tree-sitter-html's `tag_can_contain`). */
function canContain(parent: string, child: string): boolean {
  switch (parent) {
    case 'LI':
      return child !== 'LI';
    case 'DT':
    case 'DD':
      return child !== 'DT' && child !== 'DD';
    case 'P':
      return !NOT_IN_PARAGRAPH.has(child);
    case 'COLGROUP':
      return child === 'COL';
    case 'RB':
    case 'RT':
    case 'RP':
      return child !== 'RB' && child !== 'RT' && child !== 'RP';
    case 'OPTGROUP':
      return child !== 'OPTGROUP';
    case 'TR':
      return child !== 'TR';
    case 'TD':
    case 'TH':
      return child !== 'TD' && child !== 'TH' && child !== 'TR';
    default:
      return true;
  }
}

/** The tag name that starts at `at`: letters, digits, `-` and `:`. */
function tagName(text: string, at: number): string {
  let end = at;
  while (end < text.length && /[\p{L}\p{N}:-]/u.test(text[end] as string)) end++;
  return text.slice(at, end);
}

/**
 * Where a tag whose name ends at `at` ends: after its `>`, past quoted attribute values;
 * `selfClosed` is told when it ends in `/>`.
 */
function tagEnd(text: string, at: number, selfClosed: () => void): number {
  let quote: string | null = null;
  for (let i = at; i < text.length; i++) {
    const char = text[i] as string;
    if (quote !== null) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '>') {
      if (text[i - 1] === '/') selfClosed();
      return i + 1;
    } else if (char === '<') return i;
  }
  return text.length;
}
