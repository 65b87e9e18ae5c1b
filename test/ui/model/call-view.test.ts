import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame } from '../../../src/core/run/timeline.js';
import { setLocale } from '../../../src/ui/i18n/i18n.js';
import { argumentsOf, argumentTrial, callText } from '../../../src/ui/model/call-view.js';
import { narrate } from '../../../src/ui/model/narrate.js';
import { pastedInput, pastedKind } from '../../../src/ui/model/pasted.js';
import { inputText, sizeText } from '../../../src/ui/model/units-view.js';
import { exampleFrames } from '../../core/session/sessions.js';

const SHAPE = { kind: 'args', split: 'chars' } as const;

type Trial = Extract<Frame, { type: 'trial' }>;

describe('a call with several arguments in the page', () => {
  beforeAll(() => {
    // The page's language switch sets the document's language too: a stand-in document here.
    (globalThis as { document?: unknown }).document = { documentElement: {}, title: '' };
  });
  afterAll(() => setLocale('en'));

  it('writes and sizes a call of thousands of arguments by its first few', () => {
    const call = ['abc', ...Array.from({ length: 49_999 }, (_, i) => i)];
    expect(callText(call)).toBe('("abc", 0, 1, 2, 3, 4, … 49994 more)');
    expect(sizeText(call, SHAPE)).toBe(
      '50000 arguments: 3 characters, a fixed value, a fixed value, a fixed value, …',
    );
    // Read once: a frame asks for its call's arguments several times per step.
    expect(argumentsOf(call, SHAPE)).toBe(argumentsOf(call, SHAPE));
  });

  it('is one row per argument, each of its own kind, a number fixed', () => {
    const views = argumentsOf(['ab', [1, 2], 3], SHAPE);
    expect(views.map((view) => [view.index, view.units, view.shape?.kind ?? null])).toEqual([
      [0, ['a', 'b'], 'string'],
      [1, [1, 2], 'array'],
      [2, [], null],
    ]);
    expect(views.map((view) => [view.from, view.to])).toEqual([
      [1, 3],
      [4, 6],
      [7, 7],
    ]);
    expect(callText(['ab', [1, 2], 3])).toBe('("ab", [1,2], 3)');
    expect(inputText(['foo', 'foobar'], SHAPE)).toBe('("foo", "foobar")');
    expect(sizeText(['ab', [1, 2], 3], SHAPE)).toBe(
      '3 arguments: 2 characters, 2 elements, a fixed value',
    );
  });

  it('draws each trial of the lesson within one argument, its blocks that argument’s own', () => {
    const { frames, shape } = exampleFrames('args-needle');
    const trials = frames.filter((frame): frame is Trial => frame.type === 'trial');
    const worked = new Set<number>();
    for (const { row } of trials) {
      const called = argumentTrial(row, shape);
      expect(called).not.toBeNull();
      if (!called) continue;
      worked.add(called.argument.index);
      const size = called.argument.to - called.argument.from;
      expect(0 <= called.lo && called.lo < called.hi && called.hi <= size).toBe(true);
    }
    // Both the needle and the haystack are cut.
    expect([...worked].sort()).toEqual([0, 1]);
  });

  it('is narrated by the argument a trial cuts, in English and Chinese', async () => {
    const { frames, shape } = exampleFrames('args-needle');
    const first = frames.find((frame) => frame.type === 'trial');
    await setLocale('en');
    expect(narrate(first, shape)).toMatch(
      /^Trial 1: split argument 1 into 2 blocks and remove block A → \("n\w*", "banananas"\)\./,
    );
    await setLocale('zh');
    expect(narrate(first, shape)).toMatch(/^第 1 次试验：把第 1 个参数分成 2 块，删去甲块 → /);
  });

  it('takes a pasted JSON array as the argument list, and says what a call is otherwise', () => {
    expect(pastedInput('["foo", "foobar"]', 'args')).toEqual({
      ok: true,
      input: ['foo', 'foobar'],
    });
    for (const text of ['foo, foobar', '"foo"', '[]']) {
      expect(pastedInput(text, 'args')).toEqual({
        ok: false,
        problem: { code: 'input.not-args' },
      });
    }
    expect(pastedKind('["foo", 3]', 'args')).toEqual({ kind: 'args', failing: '["foo", 3]' });
    expect(pastedKind('["foo", 3]', 'string')?.kind).toBe('array');
  });
});
