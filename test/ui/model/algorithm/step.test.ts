import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shapeOf } from '../../../../src/core/input/kinds.js';
import { REDUCER_NAMES } from '../../../../src/core/reduce/reducers.js';
import { Timeline } from '../../../../src/core/run/timeline.js';
import {
  ARTICLE_LISTING,
  ARTICLE_REDUCER,
  algorithmStep,
} from '../../../../src/ui/model/algorithm/step.js';
import { argumentTrial } from '../../../../src/ui/model/call-view.js';
import {
  counterClock,
  exampleConfig,
  exampleFrames,
  record,
  runArb,
  SCENARIOS,
} from '../../../core/session/sessions.js';
import { reduction } from '../../../support/tasks.js';
import { checkTrial } from './check.js';

const vars = (step: ReturnType<typeof algorithmStep>) => Object.fromEntries(step.vars);
const lineOf = (text: string) => ARTICLE_REDUCER.findIndex((line) => line.trim() === text) + 1;

describe('the algorithm pane', () => {
  it('follows the article’s run line by line, with the Python’s variables', () => {
    const { frames, shape } = exampleFrames('article');
    const [found, confirmed, first, , , , end] = frames;
    expect(algorithmStep('chunks', found, shape).line).toBeNull();
    expect(algorithmStep('chunks', confirmed, shape)).toEqual({
      listing: ARTICLE_LISTING,
      line: lineOf('if test(current) != "FAIL":'),
      vars: [
        ['len(current)', '12'],
        ['calls', '1'],
      ],
    });
    const trial = algorithmStep('chunks', first, shape);
    expect(trial.line).toBe(lineOf('current = trial'));
    expect(vars(trial)).toEqual({
      'len(current)': '12',
      parts: '2',
      i: '0',
      lo: '0',
      hi: '6',
      calls: '2',
      result: '"FAIL"',
    });
    // Veiled: stopped at the test, calls not yet counted, no result.
    const veiled = algorithmStep('chunks', first, shape, true);
    expect(veiled.line).toBe(lineOf('result = test(trial)'));
    expect(vars(veiled)).toMatchObject({ calls: '1' });
    expect(vars(veiled).result).toBeUndefined();
    expect(algorithmStep('chunks', end, shape)).toEqual({
      listing: ARTICLE_LISTING,
      line: lineOf('return current, calls'),
      vars: [
        ['len(current)', '1'],
        ['calls', '5'],
      ],
    });
  });

  it('computes, in every chunks lesson, each trial’s block as the Python does', () => {
    const chunks = SCENARIOS.filter((name) => exampleConfig(name).reducer === 'chunks');
    expect(chunks.length).toBeGreaterThan(3);
    for (const name of chunks) {
      const { frames, shape } = exampleFrames(name);
      for (const frame of frames) {
        if (frame.type !== 'trial' || !frame.row.removed) continue;
        const v = vars(algorithmStep('chunks', frame, shape));
        const [length, parts, i] = [v['len(current)'], v.parts, v.i].map(Number) as [
          number,
          number,
          number,
        ];
        // lo = i * len(current) // parts, hi = (i + 1) * len(current) // parts; for a call,
        // `current` is the argument the trial cuts, and its blocks are that argument's.
        const offset = argumentTrial(frame.row, shape)?.argument.from ?? 0;
        expect(
          [Math.floor((i * length) / parts), Math.floor(((i + 1) * length) / parts)].map(
            (at) => at + offset,
          ),
          name,
        ).toEqual(frame.row.removed);
        expect(algorithmStep('chunks', frame, shape).line).toBe(
          frame.row.accepted ? lineOf('current = trial') : lineOf('if result == "FAIL":'),
        );
      }
    }
  });

  it('shows every reducer its own loop', () => {
    const { frames, shape } = exampleFrames('article');
    const names = REDUCER_NAMES.map((name) => algorithmStep(name, frames[1], shape).listing?.name);
    expect(names).toEqual([
      'reduce_failure',
      'chunksResume',
      'ddmin',
      'bisect',
      'values',
      'hdd',
      'syntax',
      'pipeline',
    ]);
  });

  it('agrees with the recorded rows of random runs of every reducer of integer arrays', () => {
    const checked = new Map<string, number>();
    fc.assert(
      fc.property(runArb, ({ config, judge }) => {
        const shape = shapeOf(config);
        const { messages } = record(config, judge, { clock: counterClock() });
        for (const frame of Timeline.of(messages, shape).frames) {
          if (frame.type !== 'trial') continue;
          const kind = checkTrial(
            reduction(config).reducer,
            frame,
            shape,
            reduction(config).reducer,
          );
          const key = `${reduction(config).reducer} ${kind}`;
          checked.set(key, (checked.get(key) ?? 0) + 1);
        }
      }),
      // A fixed seed: the same runs each time, so that the check below cannot come and go.
      { numRuns: 150, seed: 1103 },
    );
    // These runs reach every kind of trial of every reducer (but bisect's subset tests, which
    // need a long INVALID-heavy input: bisect.test.ts checks those).
    expect([...checked.keys()].sort()).toEqual([
      'bisect halves',
      'bisect sweep',
      'chunks delete',
      'chunks-resume delete',
      'ddmin delete',
      'ddmin keep',
      'values bisect',
      'values delete',
      'values zero',
    ]);
  });
});
