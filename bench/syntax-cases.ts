import { existsSync, readFileSync } from 'node:fs';

// The real files of section 15 (bench/syntax.ts), each with a test that takes tens of ms.

/** One file to reduce and the test that keeps it interesting. */
export interface SyntaxCase {
  name: string;
  /** The file's name (its ending names the language for `--split syntax`). */
  file: string;
  text: string;
  /** A shell command: exit status 0 while the file in the working folder is interesting. */
  test: string;
}

const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

/** The suite: files found on this machine (cases whose file is absent are left out). */
export function syntaxCases(): SyntaxCase[] {
  const cases: SyntaxCase[] = [];
  const comlink = 'node_modules/comlink/dist/esm/comlink.mjs';
  if (existsSync(comlink)) {
    // Far apart: the throw handler near the top, the map of handlers, fromWireValue near the
    // bottom, and a call of it with a bad argument appended at the very end.
    cases.push({
      name: 'js far apart (comlink)',
      file: 'comlink.mjs',
      text: `${readFileSync(comlink, 'utf8')}\nfromWireValue({ type: "HANDLER", name: "throw", value: { isError: true, value: { message: "bad argument" } } });\n`,
      test: `node comlink.mjs 2>&1 | grep -q "Error: bad argument"`,
    });
  }
  cases.push({
    name: 'c far apart (gcc)',
    file: 'shapes.c',
    text: readFileSync('bench/syntax/shapes.c', 'utf8'),
    test: `gcc -fsyntax-only shapes.c 2>&1 | grep -q "incompatible type for argument 1 of .area."`,
  });
  const configparser = '/usr/lib/python3.11/configparser.py';
  if (existsSync(configparser)) {
    cases.push({
      name: 'python configparser',
      file: 'configparser.py',
      text: `${readFileSync(configparser, 'utf8')}\nRawConfigParser().read_string("key = 1")\n`,
      test: `${PYTHON} configparser.py 2>&1 | grep -q "MissingSectionHeaderError: File contains no section headers"`,
    });
  }
  // JSON that JSON.parse rejects: the project's lock file with one trailing comma.
  const lock = readFileSync('package-lock.json', 'utf8');
  const at = lock.indexOf('\n', Math.floor(lock.length / 2));
  const comma = lock.indexOf('"\n', at) + 1;
  cases.push({
    name: 'json trailing comma',
    file: 'package-lock.json',
    text: `${lock.slice(0, comma)},${lock.slice(comma)}`,
    test: `node -e 'JSON.parse(require("fs").readFileSync("package-lock.json", "utf8"))' 2>&1 | grep -q "Expected double-quoted property name"`,
  });
  return cases;
}
