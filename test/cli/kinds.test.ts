import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deltalab, oneLine, scratch } from './support.js';

/** The CLI on the input kinds beyond the article's arrays: strings, JSON arrays, JSON trees. */
const { dir, file } = scratch('deltalab-kinds-');

/** The first line of a recorded session: its header. */
function headerOf(session: string) {
  return JSON.parse(readFileSync(session, 'utf8').split('\n')[0] as string);
}

/** Counts vowels; the candidate also counts 'y', so any string with a 'y' tells them apart. */
const VOWELS = file(
  'vowels.js',
  `export function candidate(s) { let n = 0; for (const c of s) if ('aeiouy'.includes(c)) n++; return n; }
export function reference(s) { let n = 0; for (const c of s) if ('aeiou'.includes(c)) n++; return n; }
`,
);

/** FAILs when the text holds a line that is exactly `BAD`. */
const BAD_LINE = file(
  'bad-line.js',
  "export function outcome(text) { return text.split('\\n').includes('BAD') ? 'FAIL' : 'PASS'; }\n",
);

/** FAILs while the tree holds, at any depth, an object with a member "x" of value 3. */
const X3 = file(
  'x3.js',
  `function has(v) {
  if (v === null || typeof v !== 'object') return false;
  if (!Array.isArray(v) && v.x === 3) return true;
  return Object.values(v).some(has);
}
export function outcome(tree) { return has(tree) ? 'FAIL' : 'PASS'; }
`,
);

const TREE = {
  name: 'demo',
  deps: [{ a: 1 }, { b: { x: 3, y: [1, 2] } }, { c: null }],
  x: 4,
  meta: { tags: ['t', 'u'] },
};

const LINES = 'alpha\nbeta\nBAD\ngamma\ndelta\n';

describe('deltalab reduce on strings', () => {
  it('takes a JSON string --input as a string, with no --kind, and reduces it to one character', async () => {
    const { code, stdout } = await deltalab(
      'reduce',
      '--module',
      VOWELS,
      '--input',
      '"happy days"',
    );
    expect(code).toBe(0);
    const summary = JSON.parse(stdout);
    expect(typeof summary.reduced).toBe('string');
    expect(summary.reduced).toBe('y');
    expect(summary).toMatchObject({
      kind: 'string',
      original: 'happy days',
      expected: 2,
      actual: 4,
      reducedExpected: 0,
      reducedActual: 1,
      reducer: 'chunks',
      verified: true,
    });
    // Every trial the functions received was a string too.
    for (const row of summary.history) expect(typeof row.trial).toBe('string');
  });

  it('cuts an --input-file into lines with --split lines: a line keeps its "\\n"', async () => {
    const text = file('lines.txt', LINES);
    const { code, stdout } = await deltalab(
      'reduce',
      '--module',
      BAD_LINE,
      '--input-file',
      text,
      '--split',
      'lines',
    );
    expect(code).toBe(0);
    const summary = JSON.parse(stdout);
    expect(summary).toMatchObject({
      kind: 'string',
      split: 'lines',
      original: LINES,
      reduced: 'BAD\n',
      verified: true,
    });
    // Only whole lines were ever deleted: every trial is made of lines of the start.
    for (const row of summary.history) {
      expect(row.trial === '' || row.trial.endsWith('\n')).toBe(true);
      for (const line of row.trial.split('\n').slice(0, -1)) {
        expect(LINES.split('\n')).toContain(line);
      }
    }
  });

  it('cuts an --input-file into words with --split words: a word keeps the space after it', async () => {
    const module = file(
      'bad-word.js',
      "export function outcome(text) { return /(^|\\s)BAD(\\s|$)/.test(text) ? 'FAIL' : 'PASS'; }\n",
    );
    const text = file('words.txt', 'the quick BAD fox jumps\nover the dog\n');
    const { code, stdout } = await deltalab(
      'reduce',
      '--module',
      module,
      '--input-file',
      text,
      '--split',
      'words',
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      kind: 'string',
      split: 'words',
      original: 'the quick BAD fox jumps\nover the dog\n',
      reduced: 'BAD ',
      verified: true,
    });
  });

  it('cuts an --input-file into characters with --split chars, below the lines', async () => {
    const module = file(
      'brackets.js',
      "export function outcome(text) { return text.includes('<') && text.includes('>') ? 'FAIL' : 'PASS'; }\n",
    );
    const text = file('chars.txt', 'one <b\nbold> two\n');
    const { code, stdout } = await deltalab(
      'reduce',
      '--module',
      module,
      '--input-file',
      text,
      '--split',
      'chars',
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      kind: 'string',
      split: 'chars',
      reduced: '<>',
      verified: true,
    });
  });

  it('deletes whole code points, never half a surrogate pair', async () => {
    const module = file(
      'emoji.js',
      "export function outcome(s) { return s.includes('🙂') ? 'FAIL' : 'PASS'; }\n",
    );
    const { code, stdout } = await deltalab('reduce', '--module', module, '--input', '"ab🙂cd🙂"');
    expect(code).toBe(0);
    const summary = JSON.parse(stdout);
    expect(summary).toMatchObject({ reduced: '🙂', verified: true });
    for (const row of summary.history) expect(row.trial).not.toMatch(/[\ud800-\udfff]/u);
  });

  it('generates strings from --alphabet, as CPython draws them, and reduces the first that fails', async () => {
    const { code, stdout } = await deltalab(
      'reduce',
      '--module',
      VOWELS,
      '--alphabet',
      'aey',
      '--length',
      '6',
      '--seed',
      '1',
    );
    expect(code).toBe(0);
    // ''.join(random.Random(1).choice('aey') for _ in range(6)) in CPython 3.
    expect(JSON.parse(stdout)).toMatchObject({
      seed: 1,
      attempts: 1,
      original: 'ayaeae',
      kind: 'string',
      reduced: 'y',
      verified: true,
    });
  });

  it('shrinks characters toward "a" with --reducer values', async () => {
    const module = file(
      'two-with-q.js',
      "export function outcome(s) { return [...s].length >= 2 && s.includes('Q') ? 'FAIL' : 'PASS'; }\n",
    );
    const { code, stdout } = await deltalab(
      'reduce',
      '--module',
      module,
      '--input',
      '"xyQzw"',
      '--reducer',
      'values',
    );
    expect(code).toBe(0);
    const summary = JSON.parse(stdout);
    expect(summary).toMatchObject({ reducer: 'values', verified: true, deletionOnly: false });
    expect([...summary.reduced].sort()).toEqual(['Q', 'a']);
  });

  it.each(['chunks', 'chunks-resume', 'ddmin'])(
    'reduces a string with --reducer %s',
    async (reducer) => {
      const { code, stdout } = await deltalab(
        'reduce',
        '--module',
        VOWELS,
        '--input',
        '"happy days"',
        '--reducer',
        reducer,
      );
      expect(code).toBe(0);
      expect(JSON.parse(stdout)).toMatchObject({ reducer, reduced: 'y', verified: true });
    },
  );

  it('chases only the crash whose signature matches with --chase crash:SIG', async () => {
    const module = file(
      'crash.js',
      `export function candidate(s) {
  if (s.includes('&')) throw new RangeError('bad entity');
  if (s.includes('<')) throw new TypeError('tag not closed');
  return s.length;
}
export function reference(s) { return s.length; }
`,
    );
    const matching = await deltalab(
      'reduce',
      '--module',
      module,
      '--input',
      '"&<"',
      '--chase',
      'crash:RangeError',
    );
    expect(matching.code).toBe(0);
    const summary = JSON.parse(matching.stdout);
    expect(summary).toMatchObject({ reduced: '&', verified: true });
    // "<" crashes too, with a TypeError: a crash, but not the one chased.
    expect(summary.history[0]).toMatchObject({ trial: '<', outcome: 'CRASH', accepted: false });
    // Any crash: "<" will do.
    const any = await deltalab('reduce', '--module', module, '--input', '"&<"', '--chase', 'crash');
    expect(any.code).toBe(0);
    expect(JSON.parse(any.stdout)).toMatchObject({ reduced: '<', verified: true });
    // A wrong answer is not what this start input does.
    const wrong = await deltalab(
      'reduce',
      '--module',
      module,
      '--input',
      '"&<"',
      '--chase',
      'wrong-answer',
    );
    expect(wrong.code).toBe(2);
    // The error is said, with where it came from, and how to chase it instead.
    expect(oneLine(wrong.stderr)).toMatch(
      /does not reproduce the failure: it crashes with RangeError: bad entity \(candidate, line 2\); chase the crash to reduce it \(--chase crash\)$/,
    );
  });

  it('draws the characters of every trial with --format text', async () => {
    const { code, stdout } = await deltalab(
      'reduce',
      '--module',
      VOWELS,
      '--input',
      '"happy days"',
      '--format',
      'text',
    );
    expect(code).toBe(0);
    expect(stdout).toContain('start  "happy days"  expected 2, actual 4');
    expect(stdout).toContain('  (happy)[ days]\n  → " days"  FAIL — accepted, continue from here');
    expect(stdout).toContain('  (y)[s]\n  → "s"  PASS — rejected, restore');
    expect(stdout).toMatch(/^reduced "y" {2}expected 0, actual 1$/m);
    expect(stdout).toContain('verified: still fails, 1-minimal');
  });

  it('draws lines as the units of a --split lines reduction with --format text', async () => {
    const text = file('lines-text.txt', LINES);
    const { code, stdout } = await deltalab(
      'reduce',
      '--module',
      BAD_LINE,
      '--input-file',
      text,
      '--split',
      'lines',
      '--format',
      'text',
    );
    expect(code).toBe(0);
    expect(stdout).toContain('  (alpha\\nbeta\\n)[BAD\\ngamma\\ndelta\\n]');
    expect(stdout).toMatch(/^reduced "BAD\\n"/m);
  });
});

describe('deltalab reduce on JSON values', () => {
  it('picks hdd for --kind json when the lesson reducer does not reduce trees, to the smallest tree', async () => {
    const { code, stdout } = await deltalab(
      'reduce',
      '--module',
      X3,
      '--kind',
      'json',
      '--input',
      JSON.stringify(TREE),
    );
    expect(code).toBe(0);
    const summary = JSON.parse(stdout);
    expect(typeof summary.reduced).toBe('object');
    // The smallest tree that still holds {"x":3}: every other member and element gone, the
    // top-level "x":4 too; no one node of it can go.
    expect(summary.reduced).toEqual({ deps: [{ b: { x: 3 } }] });
    expect(summary).toMatchObject({
      kind: 'json',
      reducer: 'hdd',
      original: TREE,
      verified: true,
      verification: { oneMinimal: true, stillFails: true },
    });
  });

  it('reduces a tree with an explicit --reducer hdd, read from --input-file as JSON', async () => {
    const tree = file('tree.json', JSON.stringify({ a: { x: 3 }, b: [1, 2], x: [{ x: 2 }] }));
    const { code, stdout } = await deltalab(
      'reduce',
      '--module',
      X3,
      '--kind',
      'json',
      '--input-file',
      tree,
      '--reducer',
      'hdd',
    );
    expect(code).toBe(0);
    const summary = JSON.parse(stdout);
    expect(summary.reduced).toEqual({ a: { x: 3 } });
    expect(summary).toMatchObject({ kind: 'json', reducer: 'hdd', verified: true });
  });

  it('takes an array of mixed JSON values as kind array, and reduces its elements', async () => {
    const module = file(
      'null-and-string.js',
      "export function outcome(a) { return a.includes(null) && a.some((x) => typeof x === 'string') ? 'FAIL' : 'PASS'; }\n",
    );
    const { code, stdout } = await deltalab(
      'reduce',
      '--module',
      module,
      '--input',
      '[1,"a",true,null,{"k":2},"b"]',
      '--reducer',
      'ddmin',
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      kind: 'array',
      reducer: 'ddmin',
      reduced: [null, 'b'],
      verified: true,
    });
  });
});

describe('deltalab reduce refuses unusable kinds in one line', () => {
  it.each([
    [
      '--split lines on an array of integers',
      ['--module', BAD_LINE, '--input', '[1,2,3]', '--split', 'lines'],
      /^deltalab: --split cuts strings; this input is of kind int-array$/,
    ],
    [
      '--split lines on a JSON array',
      ['--module', BAD_LINE, '--input', '["a","b"]', '--split', 'lines'],
      /^deltalab: --split cuts strings; this input is of kind array$/,
    ],
    [
      '--split on a json tree',
      ['--module', X3, '--kind', 'json', '--input', '{"x":3}', '--split', 'words'],
      /^deltalab: --split cuts strings; this input is of kind json$/,
    ],
    [
      'an unknown --kind',
      ['--module', VOWELS, '--kind', 'text', '--input', '"y"'],
      /^deltalab: unknown --kind "text"; use int-array, string, array, json, args$/,
    ],
    [
      'an unknown --split',
      ['--module', BAD_LINE, '--input', '"BAD"', '--split', 'sentences'],
      /^deltalab: unknown --split "sentences"; use chars, lines, words, syntax$/,
    ],
    [
      '--input with --input-file',
      ['--module', BAD_LINE, '--input', '"BAD"', '--input-file', VOWELS],
      /^deltalab: give --input or --input-file, not both$/,
    ],
    [
      '--kind json with malformed --input',
      ['--module', X3, '--kind', 'json', '--input', '{bad'],
      /^deltalab: --input is not valid JSON \(.+\): \{bad$/,
    ],
    [
      'a JSON object without --kind json',
      ['--module', X3, '--input', '{"a":1}'],
      /^deltalab: --input is a JSON object: give --kind json to reduce any JSON value$/,
    ],
    [
      'a JSON number without --kind json',
      ['--module', X3, '--input', '3'],
      /^deltalab: --input is a JSON number: give --kind json to reduce any JSON value$/,
    ],
    [
      '--reducer hdd on a string',
      ['--module', VOWELS, '--input', '"happy"', '--reducer', 'hdd'],
      /^deltalab: the reducer hdd does not reduce string inputs$/,
    ],
    [
      '--reducer chunks on a json tree',
      ['--module', X3, '--kind', 'json', '--input', '{"x":3}', '--reducer', 'chunks'],
      /^deltalab: the reducer chunks does not reduce json inputs$/,
    ],
    [
      'a string given as --kind int-array',
      ['--module', VOWELS, '--kind', 'int-array', '--input', '"yy"'],
      /^deltalab: the input is not of kind int-array: /,
    ],
    [
      '--kind string with nothing to generate strings from',
      ['--module', VOWELS, '--kind', 'string'],
      /^deltalab: strings are generated from an alphabet: give --alphabet CHARS$/,
    ],
    [
      '--kind json with no input',
      ['--module', X3, '--kind', 'json'],
      /^deltalab: json inputs are not generated: give --input or --input-file$/,
    ],
    [
      '--input with --alphabet',
      ['--module', VOWELS, '--input', '"ay"', '--alphabet', 'ay'],
      /^deltalab: --input skips generation: do not combine it with generator options$/,
    ],
    [
      'an empty --alphabet',
      ['--module', VOWELS, '--alphabet', ''],
      /^deltalab: --alphabet must not be empty$/,
    ],
  ])('exits 2 for %s', async (_, args, message) => {
    const { code, stdout, stderr } = await deltalab('reduce', ...args);
    expect(code, stderr).toBe(2);
    expect(stdout).toBe('');
    expect(oneLine(stderr)).toMatch(message);
  });

  it('exits 2 for an --input-file that does not exist', async () => {
    const missing = join(dir, 'no-such-file.txt');
    const { code, stderr } = await deltalab(
      'reduce',
      '--module',
      BAD_LINE,
      '--input-file',
      missing,
    );
    expect(code).toBe(2);
    expect(oneLine(stderr)).toBe(`deltalab: cannot read --input-file ${missing}: no such file`);
  });

  it('exits 2 for an --input-file that is not UTF-8', async () => {
    const bytes = file('not-utf8.txt', new Uint8Array([0xff, 0xfe]));
    const { code, stderr } = await deltalab('reduce', '--module', BAD_LINE, '--input-file', bytes);
    expect(code).toBe(2);
    expect(oneLine(stderr)).toBe(`deltalab: --input-file ${bytes} is not UTF-8 text`);
  });

  it('exits 2 for an --input-file that is not JSON under --kind json', async () => {
    const text = file('not-json.txt', LINES);
    const { code, stderr } = await deltalab(
      'reduce',
      '--module',
      X3,
      '--kind',
      'json',
      '--input-file',
      text,
    );
    expect(code).toBe(2);
    expect(oneLine(stderr)).toMatch(/^deltalab: .*not-json\.txt is not valid JSON \(/);
  });
});

describe('deltalab generate --alphabet', () => {
  it('prints strings of the alphabet only, as CPython draws them, the same for the same seed', async () => {
    const args = ['generate', '--alphabet', 'ab', '--seed', '1', '--length', '5', '--count', '6'];
    const first = await deltalab(...args);
    expect(first.code).toBe(0);
    const lines = first.stdout.trim().split('\n');
    expect(lines).toHaveLength(6);
    for (const line of lines) expect(line).toMatch(/^"[ab]{5}"$/);
    // random.Random(1), ''.join(r.choice('ab') for _ in range(5)) six times, in CPython 3.
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      'aabab',
      'bbbaa',
      'babba',
      'bbaab',
      'aaaab',
      'abaab',
    ]);
    const again = await deltalab(...args);
    expect(again).toEqual(first);
    const other = await deltalab('generate', '--alphabet', 'ab', '--seed', '2', '--length', '5');
    expect(other.code).toBe(0);
    // Another seed, another draw: random.Random(2) in CPython 3.
    expect(JSON.parse(other.stdout)).toBe('aaaba');
  });

  it('draws whole characters from an alphabet beyond ASCII', async () => {
    const { code, stdout } = await deltalab(
      'generate',
      '--alphabet',
      'xé🙂',
      '--seed',
      '3',
      '--length',
      '4',
      '--count',
      '20',
    );
    expect(code).toBe(0);
    for (const line of stdout.trim().split('\n')) {
      const drawn = [...(JSON.parse(line) as string)];
      expect(drawn).toHaveLength(4);
      for (const char of drawn) expect(['x', 'é', '🙂']).toContain(char);
    }
  });

  it.each([
    [['--alphabet', ''], /^deltalab: --alphabet must not be empty$/],
    [
      ['--alphabet', 'ab', '--min', '0'],
      /^deltalab: --min and --max bound integers: strings take only --alphabet$/,
    ],
    [
      ['--alphabet', 'ab', '--max', '3'],
      /^deltalab: --min and --max bound integers: strings take only --alphabet$/,
    ],
    // generate has no --kind: --alphabet alone says strings.
    [['--alphabet', 'ab', '--kind', 'string'], /^deltalab: Unknown option '--kind'/],
  ])('exits 2 for generate %j', async (args, message) => {
    const { code, stdout, stderr } = await deltalab('generate', ...args);
    expect(code, stderr).toBe(2);
    expect(stdout).toBe('');
    expect(oneLine(stderr)).toMatch(message);
  });
});

describe('deltalab --record and replay with kinds', () => {
  it('records a string reduction as format 2.0 with its kind, and replays it to the same summary', async () => {
    const session = join(dir, 'string.jsonl');
    const live = await deltalab(
      'reduce',
      '--module',
      VOWELS,
      '--input',
      '"happy days"',
      '--record',
      session,
    );
    expect(live.code).toBe(0);
    const header = headerOf(session);
    expect(header).toMatchObject({ type: 'header', version: '2.0' });
    expect(header.config).toMatchObject({ kind: 'string', input: 'happy days' });
    const replayed = await deltalab('replay', session);
    expect(replayed.code).toBe(0);
    const summary = JSON.parse(replayed.stdout);
    expect(summary.reduced).toBe('y');
    expect(summary.reduced).toBe(JSON.parse(live.stdout).reduced);
    expect(summary).toEqual(JSON.parse(live.stdout));
  });

  it('records the split, and replays a lines reduction to the same drawing', async () => {
    const session = join(dir, 'lines.jsonl');
    const text = file('lines-record.txt', LINES);
    const args = ['--module', BAD_LINE, '--input-file', text, '--split', 'lines'];
    const live = await deltalab('reduce', ...args, '--format', 'text', '--record', session);
    expect(live.code).toBe(0);
    expect(headerOf(session).config).toMatchObject({ kind: 'string', split: 'lines' });
    const replayed = await deltalab('replay', session, '--format', 'text');
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).toBe(live.stdout);
    expect(replayed.stdout).toContain('(alpha\\nbeta\\n)[BAD\\ngamma\\ndelta\\n]');
  });

  it('records a json reduction, and replays it to the same tree', async () => {
    const session = join(dir, 'tree.jsonl');
    const live = await deltalab(
      'reduce',
      '--module',
      X3,
      '--kind',
      'json',
      '--input',
      JSON.stringify(TREE),
      '--record',
      session,
    );
    expect(live.code).toBe(0);
    const header = headerOf(session);
    expect(header.version).toBe('2.0');
    expect(header.config).toMatchObject({ kind: 'json', reducer: 'hdd', input: TREE });
    const replayed = await deltalab('replay', session);
    expect(replayed.code).toBe(0);
    expect(JSON.parse(replayed.stdout).reduced).toEqual({ deps: [{ b: { x: 3 } }] });
    expect(JSON.parse(replayed.stdout)).toEqual(JSON.parse(live.stdout));
  });

  it('records an integer-array reduction as format 1.0, with no kind', async () => {
    const session = join(dir, 'ints.jsonl');
    const module = file(
      'has-3.js',
      "export function outcome(a) { return a.includes(3) ? 'FAIL' : 'PASS'; }\n",
    );
    const live = await deltalab(
      'reduce',
      '--module',
      module,
      '--input',
      '[5,1,3,8]',
      '--record',
      session,
    );
    expect(live.code).toBe(0);
    expect(JSON.parse(live.stdout).reduced).toEqual([3]);
    const header = headerOf(session);
    expect(header.version).toBe('1.0');
    expect(header.config).not.toHaveProperty('kind');
    expect(header.config).not.toHaveProperty('split');
    const replayed = await deltalab('replay', session);
    expect(replayed.code).toBe(0);
    expect(JSON.parse(replayed.stdout).reduced).toEqual([3]);
  });
});
