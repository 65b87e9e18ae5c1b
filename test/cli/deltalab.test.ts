import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSession } from '../../src/core/session/format/reader.js';
import { withoutDurations } from '../../src/core/session/normalise.js';
import { ARTICLE_INPUT } from '../support/lessons.js';
import { deltalab, scratch } from './support.js';

const { dir, file } = scratch('deltalab-cli-');

describe('deltalab reduce', () => {
  it('reproduces the article: seed 1103, attempt 4452, [-7] in 5 calls', async () => {
    const { code, stdout } = await deltalab('reduce');
    expect(code).toBe(0);
    const summary = JSON.parse(stdout);
    expect(summary).toMatchObject({
      seed: 1103,
      attempts: 4452,
      original: ARTICLE_INPUT,
      expected: -1,
      actual: 0,
      reduced: [-7],
      reducedExpected: -7,
      reducedActual: 0,
      calls: 5,
      executions: 5,
      reducer: 'chunks',
      verified: true,
    });
    expect(summary.history).toHaveLength(4);
    expect(summary.history[0]).toEqual({
      before: ARTICLE_INPUT,
      removed: [0, 6],
      trial: [-1, -9, -5, -4, -6, -7],
      outcome: 'FAIL',
      accepted: true,
      granularity: 2,
    });
  });

  it('draws each trial as text', async () => {
    const { code, stdout } = await deltalab('reduce', '--format', 'text');
    expect(code).toBe(0);
    expect(stdout).toContain('(-3,-3,-8,-4,-4,-8)[-1,-9,-5,-4,-6,-7]');
    expect(stdout).toContain('reduced [-7]  expected -7, actual 0');
  });

  it('reduces a pasted input with a TypeScript module and another reducer', async () => {
    const module = file(
      'sum.ts',
      `type Input = number[];
export function candidate(a: Input): number { return a.reduce((s, x) => s + (x === 3 ? 0 : x), 0); }
export function reference(a: Input): number { return a.reduce((s, x) => s + x, 0); }`,
    );
    const { code, stdout } = await deltalab(
      'reduce',
      '--module',
      module,
      '--input',
      '[5,1,3,8,2]',
      '--reducer',
      'ddmin',
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      reduced: [3],
      reducer: 'ddmin',
      verified: true,
      expected: 19,
      actual: 16,
    });
  });

  it('ends a hanging predicate as TIMEOUT instead of hanging', async () => {
    const module = file(
      'hang.js',
      `export function outcome(a) { if (a.length === 2) for (;;) {} return a.length > 2 ? 'FAIL' : 'PASS'; }`,
    );
    const { code, stdout } = await deltalab(
      'reduce',
      '--module',
      module,
      '--input',
      '[4,5,6,7]',
      '--timeout',
      '300',
    );
    expect(code).toBe(0);
    const summary = JSON.parse(stdout);
    expect(summary.reduced).toHaveLength(3);
    expect(summary.history.some((row: { outcome: string }) => row.outcome === 'TIMEOUT')).toBe(
      true,
    );
  });

  it.each([
    [['reduce', '--bogus'], /Unknown option '--bogus'/],
    [['reduce', '--input', '[1,2'], /--input is not valid JSON/],
    [
      ['reduce', '--kind', 'int-array', '--input', '[1,"a"]'],
      /the input is not of kind int-array: the input must be an array of at most/,
    ],
    [['reduce', '--input', '[1,2,3]'], /does not reproduce the failure: its outcome is PASS/],
    [['reduce', '--reducer', 'magic'], /unknown reducer "magic"/],
    [['reduce', '--example', 'nope'], /unknown example "nope"; known: (.*, )?article,/],
    [['frobnicate'], /unknown command "frobnicate"/],
  ])('exits 2 with a one-line error for %j', async (args, message) => {
    const { code, stderr } = await deltalab(...args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });

  it.each([
    [
      'nothing',
      'export const answer = 42;\n',
      /defines neither outcome\(a\) nor both candidate\(a\) and reference\(a\)$/,
    ],
    [
      'a candidate only',
      'export function candidate(a) {\n  return 0;\n}\n',
      /\(it defines candidate\)$/,
    ],
    [
      'a default export only',
      'export default function (a) {\n  return 0;\n}\n',
      /nor both candidate\(a\) and reference\(a\)$/,
    ],
  ])('exits 2 for a module that defines %s usable', async (_, source, message) => {
    const module = file('unusable.js', source);
    const { code, stderr } = await deltalab('reduce', '--module', module, '--input', '[1]');
    expect(code).toBe(2);
    expect(stderr.trim()).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });

  it('prints the trials whose re-runs disagreed as flaky, never accepted', async () => {
    // [3] alone fails on every second call only; [3, 5] always fails.
    const module = file(
      'flaky.js',
      "let n = 0;\nexport function outcome(a) {\n  if (a.includes(3) && a.includes(5)) return 'FAIL';\n  if (a.includes(3)) return n++ % 2 === 0 ? 'FAIL' : 'PASS';\n  return 'PASS';\n}\n",
    );
    const args = ['reduce', '--module', module, '--input', '[1,2,3,4,5,6]', '--repeats', '3'];
    const { code, stdout } = await deltalab(...args, '--format', 'text');
    expect(code).toBe(0);
    expect(stdout).toContain(
      '→ [3]  FAIL — flaky (runs gave FAIL, PASS, FAIL, PASS), rejected, restore',
    );
    expect(stdout).toMatch(/^reduced \[3,5\]/m);
    expect(stdout).toMatch(/^\d+ flaky trials?: re-runs disagreed, never accepted$/m);
  });

  it('judges by an outcome predicate exported from a list under another name', async () => {
    const module = file(
      'listed.js',
      "function isBad(a) {\n  return a.includes(3) ? 'FAIL' : 'PASS';\n}\nexport { isBad as outcome };\n",
    );
    const { code, stdout } = await deltalab(
      'reduce',
      '--module',
      module,
      '--input',
      '[1,2,3,4]',
      '--format',
      'json',
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout).reduced).toEqual([3]);
  });

  it.each(['generate', 'reduce', 'isolate', 'verify', 'replay'])(
    'has --help for %s',
    async (command) => {
      const { code, stdout } = await deltalab(command, '--help');
      expect(code).toBe(0);
      expect(stdout).toMatch(new RegExp(`^Usage: deltalab ${command}`));
    },
  );
});

describe('deltalab generate', () => {
  it('prints the article inputs, attempt 4452 included', async () => {
    const { code, stdout } = await deltalab('generate', '--seed', '1103', '--count', '4452');
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(4452);
    expect(JSON.parse(lines[4451] as string)).toEqual(ARTICLE_INPUT);
  });
});

describe('deltalab verify --exhaustive', () => {
  it('verifies all 126 reductions of 19530 inputs and the corrected Kadane', async () => {
    const { code, stdout } = await deltalab(
      'verify',
      '--exhaustive',
      '--values',
      '-2..2',
      '--max-length',
      '6',
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      inputs: 19530,
      failures: 126,
      verified: 126,
      problems: [],
      correctedMatchesReference: true,
    });
  });

  it('chases hangs with the given per-call budget', async () => {
    const module = file(
      'hangs-on-2.js',
      'export function candidate(a) {\n  if (a.length === 1 && a[0] === 2) for (;;) {}\n  return Math.max(...a);\n}\nexport function reference(a) {\n  return Math.max(...a);\n}\n',
    );
    const args = ['--values', '0..2', '--max-length', '2', '--chase', 'timeout', '--timeout', '50'];
    const { code, stdout } = await deltalab('verify', '--exhaustive', '--module', module, ...args);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ inputs: 12, failures: 1, verified: 1 });
  });
});

describe('deltalab replay', () => {
  it('replays a recorded session to the same summary, running no code', async () => {
    const session = join(dir, 'article.jsonl');
    const recorded = await deltalab('reduce', '--record', session);
    expect(recorded.code).toBe(0);
    const replayed = await deltalab('replay', session);
    expect(replayed.code).toBe(0);
    expect(JSON.parse(replayed.stdout)).toEqual(JSON.parse(recorded.stdout));
  });

  it('exits 1 with the divergence when the recording was tampered with', async () => {
    const session = join(dir, 'article.jsonl');
    const text = readFileSync(session, 'utf8').replace('"outcome":"FAIL"', '"outcome":"PASS"');
    const { code, stderr } = await deltalab('replay', file('tampered.jsonl', text));
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /replay diverged at (call|event) \d+ \(session line \d+\)|recording has \d+ calls; call \d+ requested/,
    );
  });

  it('exits 2 naming the line of a malformed file', async () => {
    const lines = readFileSync(join(dir, 'article.jsonl'), 'utf8').split('\n');
    lines[2] = '{"seq": oops';
    const { code, stderr } = await deltalab('replay', file('bad.jsonl', lines.join('\n')));
    expect(code).toBe(2);
    expect(stderr).toMatch(/bad\.jsonl: line 3(, column \d+)?: bad JSON/);
  });
});

describe('deltalab reduce --jobs N with code', () => {
  it('runs N candidate/reference pairs and records the same session as one pair', async () => {
    // The cache lesson's predicate fails while 1 and 5 are both in: a few dozen trials.
    const input = JSON.stringify(Array.from({ length: 32 }, (_, i) => i + 1));
    const sessions: unknown[] = [];
    const results: unknown[] = [];
    for (const jobs of ['1', '3']) {
      const record = join(dir, `article-jobs-${jobs}.jsonl`);
      const { code, stdout } = await deltalab(
        'reduce',
        '--example',
        'cache',
        '--input',
        input,
        '--reducer',
        'ddmin',
        '--no-cache',
        '--jobs',
        jobs,
        '--record',
        record,
      );
      expect(code).toBe(0);
      const { reduced, calls, executions, verified } = JSON.parse(stdout);
      results.push({ reduced, calls, executions, verified });
      sessions.push(withoutDurations(readSession(readFileSync(record, 'utf8')).events));
    }
    expect(results[1]).toEqual(results[0]);
    expect(results[0]).toMatchObject({ reduced: [1, 5], verified: true });
    expect((results[0] as { calls: number }).calls).toBeGreaterThan(30);
    expect(sessions[1]).toEqual(sessions[0]);
  });

  it('refuses a number of jobs out of range', async () => {
    const { code, stderr } = await deltalab('reduce', '--example', 'article', '--jobs', '0');
    expect(code).toBe(2);
    expect(stderr).toContain('--jobs must be from 1 to 64');
  });
});
