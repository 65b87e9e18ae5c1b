import { describe, expect, it } from 'vitest';
import type { SyncOracle } from '../../../src/core/oracle/oracle.js';
import { UNPARSED } from '../../../src/core/oracle/verdict.js';
import { replaySession } from '../../../src/core/replay/replay.js';
import { reductionOf } from '../../../src/core/run/summary.js';
import { configProblems, type ReduceTask } from '../../../src/core/session/config.js';
import { readSession } from '../../../src/core/session/format/reader.js';
import { writeSession } from '../../../src/core/session/format/writer.js';
import { storedConfig } from '../../../src/core/session/task.js';
import { tok, treeOf } from '../reduce/syntax/trees.js';
import { record } from '../session/sessions.js';

/** `f(a, b, c)` with its tree, and a test that keeps `b`, refusing what is not a call. */
const { text, tree } = treeOf([
  'program',
  [
    'call',
    tok('f', 'identifier'),
    [
      'arguments',
      tok('('),
      tok('a', 'identifier'),
      tok(','),
      ' ',
      tok('b', 'identifier'),
      tok(','),
      ' ',
      tok('c', 'identifier'),
      tok(')'),
    ],
  ],
]);

const judge: SyncOracle = (input) => {
  const t = input as string;
  if (!/^f\(\w+(, ?\w+)*\)$/.test(t)) {
    return { outcome: 'INVALID', error: { name: UNPARSED, message: 'does not parse as test' } };
  }
  return { outcome: /\bb\b/.test(t) ? 'FAIL' : 'PASS' };
};

const config: ReduceTask = {
  task: 'reduce',
  code: { language: 'js', command: { run: 'test', name: 'input.txt' } },
  kind: 'string',
  split: 'syntax',
  syntax: tree,
  input: text,
  reducer: 'syntax',
  chase: { kind: 'wrong-answer' },
  cache: true,
  budgets: { callMs: 1000 },
};

describe('a session reduced by syntax', () => {
  it('records cut trials and the unparsed ones, and replays the same from raw and packed text', async () => {
    expect(configProblems(config)).toEqual([]);
    const live = record(config, judge);
    expect(live.summary).toMatchObject({ reduced: 'f(b)', verified: true, split: 'syntax' });
    expect(reductionOf(live.summary).unparsed).toBeGreaterThan(0);
    const cuts = live.session.events.filter((e) => e.type === 'decision' && e.op === 'cut');
    expect(cuts.length).toBe(reductionOf(live.summary).history.length);
    for (const how of ['raw', 'packed'] as const) {
      const written = writeSession(live.session, how);
      const read = readSession(written);
      expect(storedConfig(read.header.config).syntax).toEqual(tree);
      const replayed = await replaySession(read);
      expect(replayed.summary).toEqual(live.summary);
      expect(writeSession({ header: live.session.header, events: replayed.events }, how)).toBe(
        written,
      );
    }
  });

  it('refuses a config whose tree does not fit its input, or a syntax split without its reducer', () => {
    const codes = (c: unknown) => configProblems(c).map((p) => p.code);
    expect(codes({ ...config, input: `${text} ` })).toContain('syntax.tree');
    expect(codes({ ...config, syntax: { ...tree, nodes: [1, 0, 99, 0] } })).toContain(
      'syntax.tree',
    );
    expect(codes({ ...config, reducer: 'chunks' })).toContain('split.syntax');
    expect(codes({ ...config, split: 'chars' })).toContain('split.syntax');
  });
});

describe('a session reduced by the pipeline', () => {
  /** A helper defined at the top and called at the bottom: interesting while the call throws. */
  const program =
    'function helperName(value) { throw value; }\nconst unused = 1;\nhelperName(7);\n';
  /** Throws while a function is declared and called with 7 by the same name (a tiny evaluator). */
  const throws: SyncOracle = (input) => {
    const t = input as string;
    const declared = /function (\w+)\(\w*\)\s*\{\s*throw \w*;?\s*\}/.exec(t)?.[1];
    const called = declared !== undefined && new RegExp(`\\b${declared}\\(7\\)`).test(t);
    return { outcome: called ? 'FAIL' : 'PASS' };
  };
  const piped: ReduceTask = { ...config, input: program, reducer: 'pipeline', syntax: undefined };
  delete piped.syntax;

  it('names each trial’s stage, renames a long name everywhere, and replays the same', async () => {
    expect(configProblems(piped)).toEqual([]);
    const live = record(piped, throws);
    const summary = reductionOf(live.summary);
    // `helperName` became one letter at both places: a rename, not a deletion.
    expect(summary.reduced).toMatch(/^function (\w)\(\)\{throw \}\1\(7\)$/);
    expect(summary).toMatchObject({ verified: true, deletionOnly: false });
    expect(live.session.header.version).toBe('2.5');
    const decisions = live.session.events.filter((e) => e.type === 'decision');
    expect(decisions.every((e) => e.type === 'decision' && e.stage !== undefined)).toBe(true);
    const rename = decisions.find((e) => e.type === 'decision' && e.move === 'rename');
    expect(rename).toMatchObject({ op: 'cut', stage: 'rename', accepted: true });
    for (const how of ['raw', 'packed'] as const) {
      const written = writeSession(live.session, how);
      const replayed = await replaySession(readSession(written));
      expect(replayed.summary).toEqual(live.summary);
      expect(writeSession({ header: live.session.header, events: replayed.events }, how)).toBe(
        written,
      );
    }
  });
});
