import { describe, expect, it } from 'vitest';
import { outcome as costOutcome } from '../../../examples/code/cost/outcome.js';
import { candidate as depsCandidate } from '../../../examples/code/deps/candidate.js';
import { reference as depsReference } from '../../../examples/code/deps/reference.js';
import { outcome as fourBlocks } from '../../../examples/code/four-blocks/outcome.js';
import { candidate as markupCandidate } from '../../../examples/code/markup/candidate.js';
import { reference as markupReference } from '../../../examples/code/markup/reference.js';
import { candidate as selectCandidate } from '../../../examples/code/select/candidate.js';
import { reference as selectReference } from '../../../examples/code/select/reference.js';
import { candidate as settingsCandidate } from '../../../examples/code/settings/candidate.js';
import { reference as settingsReference } from '../../../examples/code/settings/reference.js';
import type { SyncOracle } from '../../../src/core/oracle/oracle.js';
import { chunksCalls, growthInput, growthPredicates } from '../../../src/core/reduce/worst-case.js';
import { reductionOf } from '../../../src/core/run/summary.js';
import type { ReduceTask } from '../../../src/core/session/config.js';
import { jsonLine } from '../../../src/core/session/format/json-line.js';
import { readSession } from '../../../src/core/session/format/reader.js';
import { withoutDurations } from '../../../src/core/session/normalise.js';
import type { Scenario } from '../../../src/core/session/scenario.js';
import type { StoredConfig } from '../../../src/core/session/task.js';
import { stretched, stretchLengths } from '../../../src/ui/model/stretch.js';
import { pairJudge } from '../../support/lessons.js';
import { exampleConfig, exampleFile, exampleTranscript, record } from '../session/sessions.js';

/**
 * The lessons of other input kinds, run in-thread with the lessons' own code: the same result
 * and calls as their recorded sessions, and the numbers their texts cite (in both languages).
 */
const JUDGES: Record<string, SyncOracle> = {
  markup: pairJudge(markupCandidate, markupReference),
  select: pairJudge(selectCandidate, selectReference),
  settings: pairJudge(settingsCandidate, settingsReference),
  deps: pairJudge(depsCandidate, depsReference),
};

const lessonText = (name: string) => {
  const scenario = JSON.parse(exampleFile(name, 'input.json')) as Scenario;
  return scenario.lesson;
};

const recorded = (name: string) => {
  const { events } = readSession(exampleFile(name, 'session.jsonl'));
  const end = events.at(-1);
  if (end?.type !== 'end') throw new Error(`${name} has no end`);
  return end;
};

/** Whether both languages of a lesson cite `count` as a number of its own. */
function cites(name: string, count: number): void {
  const { en, zh } = lessonText(name);
  for (const text of [en, zh]) expect(text).toMatch(new RegExp(`(^|[^\\d])${count}([^\\d]|$)`));
}

describe('the ddmin lesson points at a run that shows the cache', () => {
  it('cites its own 4 calls with none from the cache, and <SELECT>’s calls and cache hits', () => {
    const own = recorded('article-ddmin');
    expect([own.calls, own.executions, own.cacheHits]).toEqual([4, 4, 0]);
    const select = recorded('select');
    expect(select.cacheHits).toBeGreaterThan(0);
    for (const count of [own.calls, select.calls, select.cacheHits]) cites('article-ddmin', count);
  });
});

describe('the cache lesson shows what its text says', () => {
  it('trials 3 and 4 repeat trials 2 and 1 and come from the cache; the counts it cites', () => {
    const trials = exampleTranscript('cache').flatMap((message) =>
      message.type === 'trial' ? [message] : [],
    );
    const at = (k: number) => trials.find((message) => message.trial === k);
    expect(at(3)).toMatchObject({ cached: true, row: { trial: at(2)?.row.trial } });
    expect(at(4)).toMatchObject({ cached: true, row: { trial: at(1)?.row.trial } });
    expect([at(1)?.cached, at(2)?.cached]).toEqual([false, false]);
    // Trials 1 and 2 keep one block alone; 3 and 4 remove one: the same inputs.
    expect([at(1)?.row.kept, at(2)?.row.kept, at(3)?.row.removed, at(4)?.row.removed]).toEqual([
      [0, 4],
      [4, 8],
      [0, 4],
      [4, 8],
    ]);
    const end = recorded('cache');
    expect([end.reduced, end.calls, end.executions, end.cacheHits]).toEqual([[1, 5], 35, 19, 16]);
    // Without the cache: the same calls and result, every call executed.
    const { summary } = record({ ...exampleConfig('cache'), cache: false }, (input) => ({
      outcome: fourBlocks(input as number[]),
    }));
    expect([reductionOf(summary).reduced, summary.calls, summary.executions]).toEqual([
      [1, 5],
      35,
      35,
    ]);
    for (const count of [35, 19, 16, 3, 4]) cites('cache', count);
  });
});

describe('the crash lesson shows what its text says', () => {
  it('a wrong answer (trial 3) and another crash (trial 4) are rejected while one crash is chased', () => {
    const trials = exampleTranscript('crash').flatMap((message) =>
      message.type === 'trial' ? [message] : [],
    );
    const at = (k: number) => trials.find((message) => message.trial === k);
    expect(at(1)?.row).toMatchObject({ trial: [2, 1, 1, 1], outcome: 'CRASH', accepted: true });
    expect(at(3)?.row).toMatchObject({ trial: [2, 1], outcome: 'FAIL', accepted: false });
    expect(at(3)?.verdict).toMatchObject({ expected: 1, actual: 0 });
    expect(at(4)?.row).toMatchObject({ trial: [1, 1, 1], outcome: 'CRASH', accepted: false });
    expect(at(4)?.verdict.error).toMatchObject({
      name: 'TypeError',
      message: expect.stringContaining('Cannot read properties of undefined'),
    });
    // Every accepted trial is the chased crash; every rejected failure is another kind.
    for (const { row, verdict } of trials) {
      const chased = row.outcome === 'CRASH' && verdict.error?.name === 'RangeError';
      expect(row.accepted).toBe(chased);
    }
    expect(trials.filter((m) => m.cached).map((m) => m.trial)).toEqual([6, 7, 8]);
    const end = recorded('crash');
    expect([end.reduced, end.calls, end.executions]).toEqual([[2, 1, 1], 9, 6]);
    for (const count of [1, 3, 4, 6, 8, 42, end.calls, end.executions]) cites('crash', count);
  });
});

describe('the cost lesson counts what its slider shows', () => {
  const scenario = JSON.parse(exampleFile('cost', 'input.json')) as Scenario;
  const stretch = scenario.stretch;
  if (!stretch) throw new Error('the cost lesson has no slider');
  /** Calls and executions of the lesson's own run at length `n`, in-thread with its own code. */
  const costAt = (n: number, outcome = costOutcome) => {
    const config: StoredConfig = { ...exampleConfig('cost'), input: stretched(stretch, n) };
    const judge: SyncOracle = (input) => ({ outcome: outcome(input as number[]) });
    const { summary } = record(config, judge);
    expect(reductionOf(summary).reduced).toEqual(outcome === costOutcome ? [1, 9] : [9]);
    expect(summary.verified).toBe(true);
    return summary;
  };

  it('records its own input, one of the slider’s, and cites its calls, executions and cache hits', () => {
    const end = recorded('cost');
    expect(exampleConfig('cost').input).toEqual(stretched(stretch, 16));
    expect([end.reduced, end.calls, end.executions, end.cacheHits]).toEqual([[1, 9], 21, 18, 3]);
    for (const count of [16, end.calls, end.executions, end.cacheHits]) cites('cost', count);
  });

  it('adds 6 calls a doubling with both causes, 1 with one, as the text says', () => {
    const lengths = stretchLengths(stretch);
    expect(lengths).toEqual([8, 16, 32, 64, 128, 256, 512, 1024]);
    const calls = lengths.map((n) => costAt(n).calls);
    const steps = calls.slice(1).map((count, i) => count - (calls[i] ?? 0));
    expect(new Set(steps)).toEqual(new Set([6]));
    const nine = (a: number[]) => (a.length === 0 ? 'INVALID' : a.includes(9) ? 'FAIL' : 'PASS');
    const single = lengths.map((n) => costAt(n, nine as typeof costOutcome).calls);
    expect(new Set(single.slice(1).map((count, i) => count - (single[i] ?? 0)))).toEqual(
      new Set([1]),
    );
    for (const n of [32, 64, 1024]) cites('cost', costAt(n).calls);
    for (const count of [6, 1, 1024]) cites('cost', count);
  });

  it('cites the same reducer’s cost at 64 elements when every element is needed, and at worst', () => {
    const fails = growthPredicates(64);
    const needed = chunksCalls(growthInput(64), fails.allNeeded);
    const worst = chunksCalls(growthInput(64), fails.worst);
    expect(needed).toBeLessThan(costAt(64).calls * 4);
    expect(worst / (64 * 64)).toBeCloseTo(0.5, 1);
    for (const count of [64, needed, worst]) cites('cost', count);
  });
});

describe('lessons of text and trees, in-thread', () => {
  it.each(Object.keys(JUDGES))('%s: the recording’s result, in the same calls', (name) => {
    const { summary } = record(exampleConfig(name), JUDGES[name] as SyncOracle);
    const end = recorded(name);
    expect(reductionOf(summary).reduced).toEqual(end.reduced);
    expect(summary.calls).toBe(end.calls);
    expect(summary.cacheHits).toBe(end.cacheHits);
    expect(summary.verified).toBe(true);
  });

  it('markup: the text loses its quotes down to one character', () => {
    expect(recorded('markup').reduced).toBe('"');
  });

  it('select: ddmin reaches <SELECT>, and the text cites its calls and cache hits', () => {
    const end = recorded('select');
    expect(end.reduced).toBe('<SELECT>');
    cites('select', end.calls);
    cites('select', end.cacheHits);
  });

  it('settings: lines reduce in far fewer calls than characters, as the text says', () => {
    const lines = recorded('settings');
    expect((lines.reduced as string).split('\n').filter(Boolean)).toHaveLength(7);
    const chars: StoredConfig = { ...exampleConfig('settings'), split: 'chars' };
    const byChars = record(chars, JUDGES.settings as SyncOracle).summary;
    expect(byChars.verified).toBe(true);
    expect(byChars.calls).toBeGreaterThan(10 * lines.calls);
    cites('settings', lines.calls);
    cites('settings', byChars.calls);
  });

  it('deps: hdd finds the cycle in far fewer calls than chunks on the serialised text', () => {
    const tree = recorded('deps');
    expect(tree.reduced).toEqual({
      packages: { format: { deps: ['log'] }, log: { deps: ['format'] } },
    });
    const config = exampleConfig('deps');
    const text: ReduceTask = {
      task: 'reduce',
      ...config,
      kind: 'string',
      split: 'chars',
      reducer: 'chunks',
      input: jsonLine(config.input),
    };
    const judge = pairJudge(
      (s: string) => depsCandidate(JSON.parse(s)),
      (s: string) => depsReference(JSON.parse(s)),
    );
    const flat = record(text, judge).summary;
    expect(flat.verified).toBe(true);
    expect(flat.calls).toBeGreaterThan(50 * tree.calls);
    cites('deps', tree.calls);
    cites('deps', flat.calls);
  });
});

describe('the article in Python', () => {
  it('records the JavaScript lesson’s session event for event (durations aside)', () => {
    const events = (name: string) =>
      withoutDurations(readSession(exampleFile(name, 'session.jsonl'))).events.map(jsonLine);
    expect(events('article-python')).toEqual(events('article'));
    const header = readSession(exampleFile('article-python', 'session.jsonl')).header;
    expect(header.version).toBe('2.0');
    expect(header.config.code.language).toBe('py');
  });
});
