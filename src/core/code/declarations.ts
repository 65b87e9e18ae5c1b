/**
 * Declarations read off user code by scanning, before (or without) running it. Every scan here
 * takes time linear in the source: the source may come from a link, and a pattern that
 * backtracks (`function` and 150,000 spaces) would freeze the page that renders it.
 */

/** A function declared at the top level of user code, as a scan of its lines finds it. */
export interface Declaration {
  name: string;
  /** Declared with `export` (or `export default`). */
  exported: boolean;
}

/**
 * Functions declared at the top level, by a scan of unindented lines. It may also find names
 * inside comments or strings; the sandbox only uses names that are functions once the code has
 * run, and a generated import names what the user's module declares.
 */
export function topLevelFunctions(source: string): Declaration[] {
  const found: Declaration[] = [];
  for (const line of source.split(/\r?\n/)) {
    const declared = declarationOn(line);
    if (!declared || RESERVED.has(declared.name) || found.some((d) => d.name === declared.name)) {
      continue;
    }
    found.push(declared);
  }
  return found;
}

/**
 * The declaration a line begins with: `[export [default]] [async] function [*] name (` or `<`,
 * or `[export] const|let|var name [: type] = [async] function | ( | < | name =>`. Read token by
 * token, each token matched once where it stands: nothing is tried twice.
 */
function declarationOn(line: string): Declaration | undefined {
  const scan = new Scan(line);
  let exported = false;
  if (scan.word('export') && scan.spaces(1)) {
    exported = true;
    if (scan.word('default') && !scan.spaces(1)) return undefined;
  } else scan.at = 0;
  const start = scan.at;
  if (scan.word('async')) {
    if (!scan.spaces(1)) return undefined;
  }
  if (scan.word('function')) {
    scan.spaces();
    if (line[scan.at] === '*') scan.at++;
    scan.spaces();
    const name = scan.name();
    scan.spaces();
    return name !== undefined && (line[scan.at] === '(' || line[scan.at] === '<')
      ? { name, exported }
      : undefined;
  }
  scan.at = start;
  if (!(scan.word('const') || scan.word('let') || scan.word('var')) || !scan.spaces(1)) {
    return undefined;
  }
  const name = scan.name();
  if (name === undefined) return undefined;
  scan.spaces();
  // A type annotation runs to the first `=`.
  if (line[scan.at] === ':') scan.at = line.indexOf('=', scan.at);
  if (scan.at < 0 || line[scan.at] !== '=') return undefined;
  scan.at++;
  scan.spaces();
  const value = scan.at;
  if (scan.word('async', true)) {
    scan.spaces();
    if (functionValue(scan)) return { name, exported };
    scan.at = value; // `async` may be the parameter of an arrow function
  }
  return functionValue(scan) ? { name, exported } : undefined;
}

/** Whether a function value starts here: `function`, `(`, `<`, or `name =>`. */
function functionValue(scan: Scan): boolean {
  const char = scan.text[scan.at];
  if (char === '(' || char === '<') return true;
  const start = scan.at;
  if (scan.word('function', true)) return true;
  scan.at = start;
  if (scan.name() === undefined) return false;
  scan.spaces();
  return scan.text.startsWith('=>', scan.at);
}

/** A position in a text and the tokens read from there, each read once. */
class Scan {
  at = 0;
  constructor(readonly text: string) {}

  /** Reads `word` here; with `bounded`, only when no word character (`\w`) follows it. */
  word(word: string, bounded = false): boolean {
    if (!this.text.startsWith(word, this.at)) return false;
    const end = this.at + word.length;
    if (bounded && WORD.test(this.text[end] ?? '')) return false;
    this.at = end;
    return true;
  }

  /** Reads white space; true when at least `least` characters of it were read. */
  spaces(least = 0): boolean {
    SPACES.lastIndex = this.at;
    SPACES.test(this.text);
    const read = SPACES.lastIndex - this.at;
    this.at = SPACES.lastIndex;
    return read >= least;
  }

  /** Reads an identifier (as long as it goes), or nothing. */
  name(): string | undefined {
    NAME.lastIndex = this.at;
    const match = NAME.exec(this.text);
    if (!match) return undefined;
    this.at = NAME.lastIndex;
    return match[0];
  }
}

const SPACES = /\s*/y;
const NAME = /[A-Za-z_$][\w$]*/y;
const WORD = /^\w$/;

/** Functions defined at the top level of a Python module (`def name(` at the start of a line). */
export function topLevelPythonFunctions(source: string): Declaration[] {
  const found: Declaration[] = [];
  for (const match of source.matchAll(/^(?:async\s+)?def\s+([A-Za-z_]\w*)\s*\(/gm)) {
    const name = match[1] as string;
    if (!found.some((d) => d.name === name)) found.push({ name, exported: false });
  }
  return found;
}

/** The names an `export { a, b as c }` list exports (`a` and `c`), in order. */
export function listedExports(source: string): string[] {
  const names: string[] = [];
  for (const list of exportLists(source)) {
    if (list.end === source.length) break; // a list that is never closed exports nothing
    for (const item of source.slice(list.start, list.end).split(',')) {
      // `a` or `a as b`: the last word is the name it is exported as.
      const name = item.trim().split(/\s+/).at(-1);
      if (name && name !== 'default' && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

/** Whether the code has a default export. */
export function hasDefaultExport(source: string): boolean {
  if (/^export\s+default\b/m.test(source)) return true;
  for (const list of exportLists(source)) {
    if (/\bas\s+default\b/.test(source.slice(list.start, list.end))) return true;
  }
  return false;
}

/**
 * The export lists of a source, in order: for each line that starts `export {`, the text from
 * after its brace to the first `}` (or the end, when none follows). Lists never overlap: a line
 * inside a list is part of it. Each character is read a bounded number of times.
 */
function* exportLists(source: string): Generator<{ start: number; end: number }> {
  let from = 0;
  for (;;) {
    const at = source.indexOf('export', from);
    if (at < 0) return;
    from = at + 6;
    if (at > 0 && !LINE_BREAK.test(source[at - 1] as string)) continue;
    const scan = new Scan(source);
    scan.at = from;
    scan.spaces();
    if (source[scan.at] !== '{') continue;
    const start = scan.at + 1;
    const close = source.indexOf('}', start);
    const end = close < 0 ? source.length : close;
    yield { start, end };
    if (close < 0) return;
    from = close + 1;
  }
}

const LINE_BREAK = /^[\n\r\u2028\u2029]$/;

// Reserved words name no function (and would break the sandbox's lookup of bare declarations).
const RESERVED = new Set(
  'await break case catch class const continue debugger default delete do else enum export extends false finally for function if implements import in instanceof interface let new null package private protected public return static super switch this throw true try typeof var void while with yield'.split(
    ' ',
  ),
);
