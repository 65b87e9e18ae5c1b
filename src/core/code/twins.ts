/**
 * Comment twins of the lessons' code files. A lesson's file (`code/trap/outcome.js`) is stored
 * once, in English, and is what sessions name and pin; beside it, a twin per other language of
 * the product (`code/trap/outcome.zh.js`) holds the same code, line for line, with its comments
 * translated. A twin is the file in another language, never another file: it runs the same calls
 * and replays the same sessions.
 */

import type { Locale } from '../text/local-text.js';
import { LANGUAGE_NAMES, LANGUAGES, type Language, runtimeHome } from './runtimes/registry.js';

/** The extensions of code files (`js`, `ts`, `py`): each language's own. */
const EXTENSIONS = LANGUAGE_NAMES.map((name) => LANGUAGES[name].extensions[0]?.slice(1));

/** The locales that may have twins (English is the file itself). */
const TWIN = new RegExp(`^(.*)\\.(zh)\\.(${EXTENSIONS.join('|')})$`);

/**
 * The path of `file`'s twin in `locale`: the file itself in English, else its name with the
 * locale before the extension (`code/trap/outcome.js` → `code/trap/outcome.zh.js`).
 */
export function twinPath(file: string, locale: Locale): string {
  if (locale === 'en') return file;
  const dot = file.lastIndexOf('.');
  return dot <= file.lastIndexOf('/')
    ? `${file}.${locale}`
    : `${file.slice(0, dot)}.${locale}${file.slice(dot)}`;
}

/** The file a twin stands for and the twin's locale, or null when `path` is not a twin's. */
export function twinOf(path: string): { file: string; locale: Locale } | null {
  const match = TWIN.exec(path);
  if (!match) return null;
  return { file: `${match[1]}.${match[3]}`, locale: match[2] as Locale };
}

/** An identifier, keyword or number, read where `lastIndex` says. */
const IDENTIFIER = /[A-Za-z0-9_$]+/y;

/** Words after which a `/` starts a regular expression, not a division. */
const BEFORE_REGEX = new Set([
  'return',
  'typeof',
  'case',
  'do',
  'else',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'instanceof',
  'yield',
  'await',
]);

/**
 * The code of `text` without its comments (as its runtime's syntax writes them: JavaScript and
 * TypeScript `//` and `/* … *\/`, Python `#`), each line kept where it was (a block comment keeps
 * its line breaks) and trimmed at its end (and blank lines at the end dropped). Strings, template
 * literals and regular expressions are read as such, so a `//` or `#` inside one is code. Two
 * texts with the same result differ only in comments and white space after the code: the same
 * code on the same lines.
 */
export function withoutComments(text: string, language: Language): string {
  const syntax = runtimeHome(language).syntax;
  let out = '';
  let last = ''; // the last character of code (not white space): tells a regex from a division
  let word = ''; // the identifier or keyword `last` ends, if any
  let i = 0;
  const keep = (to: number) => {
    const piece = text.slice(i, to);
    out += piece;
    i = to;
    const code = piece.trimEnd();
    if (code) last = code.at(-1) ?? '';
  };
  while (i < text.length) {
    const c = text.charAt(i);
    const next = text.charAt(i + 1);
    if (text.startsWith(syntax.lineComment, i)) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
      continue;
    }
    if (syntax.blockComments && c === '/' && next === '*') {
      const close = text.indexOf('*/', i + 2);
      const end = close < 0 ? text.length : close + 2;
      out += text.slice(i, end).replace(/[^\n]/g, '');
      i = end;
      continue;
    }
    if (c === '"' || c === "'" || (syntax.templates && c === '`')) {
      keep(stringEnd(text, i, syntax.tripleQuotes));
      word = '';
      continue;
    }
    if (
      syntax.regexLiterals &&
      c === '/' &&
      (last === '' || /[(,=:[!&|?{};+\-*%<>~^]/.test(last) || BEFORE_REGEX.has(word))
    ) {
      keep(regexEnd(text, i));
      word = '';
      continue;
    }
    IDENTIFIER.lastIndex = i;
    const identifier = IDENTIFIER.exec(text)?.[0];
    if (identifier) word = identifier;
    else if (!/\s/.test(c)) word = '';
    keep(i + (identifier?.length ?? 1));
  }
  return out
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trimEnd();
}

/** Where the string starting at `start` ends (after its closing quote). */
function stringEnd(text: string, start: number, tripleQuotes: boolean): number {
  const quote = text.charAt(start);
  const triple = tripleQuotes && text.startsWith(quote.repeat(3), start);
  const close = triple ? quote.repeat(3) : quote;
  let i = start + close.length;
  while (i < text.length) {
    const c = text.charAt(i);
    if (c === '\\') i += 2;
    else if (text.startsWith(close, i)) return i + close.length;
    else if (c === '\n' && !triple && quote !== '`')
      return i; // an unclosed string ends its line
    else i += 1;
  }
  return text.length;
}

/** Where the regular expression literal starting at `start` ends (after its flags). */
function regexEnd(text: string, start: number): number {
  let i = start + 1;
  let inClass = false;
  while (i < text.length) {
    const c = text.charAt(i);
    if (c === '\\') i += 2;
    else if (c === '\n') return i;
    else {
      if (c === '[') inClass = true;
      else if (c === ']') inClass = false;
      else if (c === '/' && !inClass) {
        i += 1;
        while (/[a-z]/.test(text.charAt(i))) i += 1;
        return i;
      }
      i += 1;
    }
  }
  return text.length;
}
