import { describe, expect, it } from 'vitest';
import { ARTICLE_REDUCER, algorithmStep } from '../../../src/ui/model/algorithm.js';
import { exampleConfig, exampleFrames, SCENARIOS } from '../../core/session/sessions.js';

const vars = (step: ReturnType<typeof algorithmStep>) => Object.fromEntries(step.vars);
const lineOf = (text: string) => ARTICLE_REDUCER.findIndex((line) => line.trim() === text) + 1;

describe('the algorithm pane', () => {
  it('follows the article’s run line by line, with the Python’s variables', () => {
    const { frames, shape } = exampleFrames('article');
    const [found, confirmed, first, , , , end] = frames;
    expect(algorithmStep(found, shape).line).toBeNull();
    expect(algorithmStep(confirmed, shape)).toEqual({
      line: lineOf('if test(current) != "FAIL":'),
      vars: [
        ['len(current)', '12'],
        ['calls', '1'],
      ],
    });
    const trial = algorithmStep(first, shape);
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
    const veiled = algorithmStep(first, shape, true);
    expect(veiled.line).toBe(lineOf('result = test(trial)'));
    expect(vars(veiled)).toMatchObject({ calls: '1' });
    expect(vars(veiled).result).toBeUndefined();
    expect(algorithmStep(end, shape)).toEqual({
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
        if (frame.kind !== 'trial' || !frame.row.removed) continue;
        const v = vars(algorithmStep(frame, shape));
        const [length, parts, i] = [v['len(current)'], v.parts, v.i].map(Number) as [
          number,
          number,
          number,
        ];
        // lo = i * len(current) // parts, hi = (i + 1) * len(current) // parts
        expect(
          [Math.floor((i * length) / parts), Math.floor(((i + 1) * length) / parts)],
          name,
        ).toEqual(frame.row.removed);
        expect(algorithmStep(frame, shape).line).toBe(
          frame.row.accepted ? lineOf('current = trial') : lineOf('if result == "FAIL":'),
        );
      }
    }
  });
});
