import { existsSync, readFileSync } from 'node:fs';
import { type SyntaxCase, syntaxCases } from './syntax-cases.js';

// The real files of section 17 (bench/peers.ts): the six kinds of issue 50, each a file found on
// this machine with one real error put in, and a test that greps the exact error message (so a
// reducer cannot win by making another error). A file that is not here leaves its case out, with
// a line saying so.

const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

/** The six cases, and a line for each one left out because its file is not on this machine. */
export interface PipelineCases {
  cases: SyntaxCase[];
  missing: string[];
}

/** `text` with `from` replaced by `to` once, or null when `from` is not in it. */
function inject(text: string, from: string, to: string): string | null {
  const at = text.indexOf(from);
  return at < 0 ? null : `${text.slice(0, at)}${to}${text.slice(at + from.length)}`;
}

/** One case made from a file on this machine and one change, or why it is left out. */
interface Recipe {
  name: string;
  source: string;
  file: string;
  change: (text: string) => string | null;
  test: string;
}

const RECIPES: Recipe[] = [
  {
    // A call with an argument too few: the declaration is in zlib.h, the call deep in a function.
    name: 'c too few arguments (zpipe.c)',
    source: '/usr/share/doc/zlib1g-dev/examples/zpipe.c',
    file: 'zpipe.c',
    change: (text) => inject(text, 'deflate(&strm, flush)', 'deflate(&strm)'),
    test: `gcc -fsyntax-only zpipe.c 2>&1 | grep -q "error: too few arguments to function .deflate."`,
  },
  {
    name: 'js missing paren (picomatch parse.js)',
    source: 'node_modules/picomatch/lib/parse.js',
    file: 'parse.js',
    change: (text) =>
      inject(text, "push({ type: 'bracket', value });", "push({ type: 'bracket', value };"),
    test: `node --check parse.js 2>&1 | grep -q "SyntaxError: missing ) after argument list"`,
  },
  {
    // One line of a loop's body indented two spaces less than the line above it.
    name: 'python indentation (textwrap.py)',
    source: '/usr/lib/python3.11/textwrap.py',
    file: 'textwrap.py',
    change: (text) =>
      inject(
        text,
        '                cur_len = sum(map(len, cur_line))',
        '              cur_len = sum(map(len, cur_line))',
      ),
    test: `${PYTHON} textwrap.py 2>&1 | grep -q "IndentationError: unindent does not match any outer indentation level"`,
  },
  {
    // The middle one of the file's closing description tags, misspelt.
    name: 'xml mismatched tag (xkb base.xml)',
    source: '/usr/share/X11/xkb/rules/base.xml',
    file: 'base.xml',
    change: (text) => {
      const tag = '</description>';
      let at = text.indexOf(tag, Math.floor(text.length / 2));
      if (at < 0) return null;
      at += tag.length;
      return `${text.slice(0, at - tag.length)}</descriptio>${text.slice(at)}`;
    },
    test: `${PYTHON} -c 'import xml.etree.ElementTree as E; E.parse("base.xml")' 2>&1 | grep -q "ParseError: mismatched tag"`,
  },
];

/** Section 17's cases: C, JavaScript, the lock file, Python, XML and comlink's far-apart parts. */
export function pipelineCases(): PipelineCases {
  const cases: SyntaxCase[] = [];
  const missing: string[] = [];
  for (const recipe of RECIPES) {
    if (!existsSync(recipe.source)) {
      missing.push(`${recipe.name}: ${recipe.source} is not on this machine, case left out`);
      continue;
    }
    const text = recipe.change(readFileSync(recipe.source, 'utf8'));
    if (text === null) {
      missing.push(`${recipe.name}: ${recipe.source} has changed (nothing to inject), left out`);
      continue;
    }
    cases.push({ name: recipe.name, file: recipe.file, text, test: recipe.test });
  }
  const earlier = syntaxCases();
  const lock = earlier.find((c) => c.name === 'json trailing comma');
  if (lock) cases.splice(2, 0, lock);
  const comlink = earlier.find((c) => c.name === 'js far apart (comlink)');
  if (comlink) cases.push(comlink);
  else missing.push('js far apart (comlink): node_modules/comlink is not installed, left out');
  return { cases, missing };
}
