import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { timed as deltalab, oneLine, scratch } from './support.js';

/** The CLI against hostile or mistaken input: one `deltalab:` line, the right exit, nothing lost. */
const { dir, file } = scratch('deltalab-limits-');

const HANGS =
  'export function candidate(a) { for (;;) {} }\nexport function reference(a) { return 0; }\n';

describe('deltalab against hostile input', () => {
  it('refuses a session whose packed rows would rebuild billions of numbers, in one line', async () => {
    const header = JSON.parse(
      readFileSync('examples/trap/session.jsonl', 'utf8').split('\n')[0] as string,
    );
    const zeros = new Array<number>(1_000_000).fill(0);
    header.config.input = zeros;
    const confirm = {
      seq: 1,
      type: 'call',
      execution: 1,
      input: zeros,
      outcome: 'FAIL',
      phase: 'confirm',
    };
    const rows = Array.from({ length: 3000 }, () => ({ at: 0, outcome: 'PASS' }));
    const bomb = file(
      'bomb.jsonl',
      `${[header, confirm, { seq: 2, type: 'deletions', rows }].map((v) => JSON.stringify(v)).join('\n')}\n`,
    );
    const { code, stderr, ms } = await deltalab('replay', bomb);
    expect(code).toBe(2);
    expect(oneLine(stderr)).toBe(
      `deltalab: ${bomb}: line 3: its packed rows would rebuild more than 20000000 numbers`,
    );
    expect(ms).toBeLessThan(20_000);
  });

  it('escapes the control characters a file quotes at the terminal', async () => {
    const lines = readFileSync('examples/trap/session.jsonl', 'utf8').split('\n');
    lines[1] = '{"seq":1,"type":\u001b[31m\u0000}';
    const { code, stderr } = await deltalab('replay', file('escape.jsonl', lines.join('\n')));
    expect(code).toBe(2);
    const line = oneLine(stderr);
    expect([...line].some((char) => (char.codePointAt(0) ?? 0) < 0x20)).toBe(false);
    expect(line).toContain('\\u001b');
  });

  it('counts an exhaustive check before making it, and refuses one too large', async () => {
    for (const args of [
      ['--values', '0..99999999999', '--max-length', '6'],
      ['--values', '0..9', '--max-length', '12'],
    ]) {
      const { code, stderr, ms } = await deltalab('verify', '--exhaustive', ...args);
      expect(code).toBe(2);
      expect(oneLine(stderr)).toMatch(
        /inputs, more than 10,000,000: narrow them, or raise --max-inputs$/,
      );
      expect(ms).toBeLessThan(5000);
    }
  });

  it('refuses -0 in an input, which a session could not tell from 0', async () => {
    const { code, stderr } = await deltalab('reduce', '--input', '[-0,1]');
    expect(code).toBe(2);
    expect(oneLine(stderr)).toMatch(/-0/);
  });

  it('loads code under the --timeout budget: a top level that hangs fails fast', async () => {
    const module = file('top-hang.js', `for (;;) {}\n${HANGS}`);
    const { code, stderr, ms } = await deltalab(
      'reduce',
      '--module',
      module,
      '--input',
      '[1]',
      '--timeout',
      '300',
    );
    expect(code).toBe(2);
    expect(oneLine(stderr)).toMatch(
      /does not load: loading the candidate code ran longer than 300 ms/,
    );
    expect(ms).toBeLessThan(10_000);
  });

  it('bounds the search by --search-ms, says where it is on stderr, and replays where it stopped', async () => {
    const module = file('hang.js', HANGS);
    const session = join(dir, 'search.jsonl');
    const { code, stdout, stderr, ms } = await deltalab(
      'reduce',
      '--module',
      module,
      '--timeout',
      '100',
      '--search-ms',
      '2500',
      '--format',
      'text',
      '--record',
      session,
    );
    expect(code).toBe(1);
    expect(stdout).toMatch(/the search's time budget of 2500 ms ran out/);
    // Progress, once a second: the hangs are there to see under the default chase.
    expect(stderr).toMatch(/^deltalab: searching: \d+ attempts \(\d+ TIMEOUT\)/m);
    expect(ms).toBeLessThan(15_000);
    const replayed = await deltalab('replay', session, '--format', 'text');
    expect(replayed.code).toBe(1);
    expect(replayed.stdout).toBe(stdout);
  });

  it('writes --record whole or not at all, and a refused run leaves the old file alone', async () => {
    const target = file('kept.jsonl', 'the old session\n');
    const refused = await deltalab('reduce', '--input', '[1,2,3]', '--record', target);
    expect(refused.code).toBe(2);
    expect(readFileSync(target, 'utf8')).toBe('the old session\n');
    // A name that is a folder is refused before the run, and nothing is left half-written.
    const folder = join(dir, 'a-folder.jsonl');
    mkdirSync(folder);
    const failed = await deltalab('reduce', '--record', folder);
    expect(failed.code).toBe(2);
    expect(oneLine(failed.stderr)).toMatch(
      /^deltalab: --record .* is a folder that is there already/,
    );
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    const written = await deltalab('reduce', '--record', target);
    expect(written.code).toBe(0);
    expect(readFileSync(target, 'utf8')).toMatch(/^\{"type":"header"/);
  });
});
