import { describe, expect, it } from 'vitest';
import {
  allInputs,
  countInputs,
  exhaustive,
  JUDGED_AHEAD,
} from '../../../src/core/reduce/exhaustive.js';
import { stepThroughSync } from '../../../src/core/reduce/runner.js';
import { articleOracle, corrected, reference } from '../../support/lessons.js';

const VALUES = [-2, -1, 0, 1, 2];

describe('exhaustive verification (the article setting)', () => {
  it('enumerates 19530 inputs in itertools.product order', () => {
    const inputs = [...allInputs(VALUES, 6)];
    expect(inputs).toHaveLength(19530);
    expect(countInputs(5, 6)).toBe(19530);
    expect(inputs.slice(0, 6)).toEqual([[-2], [-1], [0], [1], [2], [-2, -2]]);
    expect(inputs[5 + 1]).toEqual([-2, -1]);
    expect(inputs.at(-1)).toEqual([2, 2, 2, 2, 2, 2]);
  });

  it('finds 126 failures of the buggy Kadane, every reduction verified', () => {
    const summary = stepThroughSync(exhaustive({ values: VALUES, maxLength: 6 }), articleOracle);
    expect(summary).toMatchObject({ inputs: 19530, failures: 126, verified: 126, problems: [] });
  });

  it('announces each batch as one of the next ones of the JUDGED_AHEAD batches before it', () => {
    expect(JUDGED_AHEAD).toBe(2);
    const steps = exhaustive({ values: VALUES, maxLength: 3, batchSize: 40, judgeOnly: true });
    const requests: { inputs: unknown[]; next?: unknown[][] }[] = [];
    let step = steps.next();
    while (!step.done) {
      requests.push(step.value);
      step = steps.next(step.value.inputs.map(articleOracle));
    }
    // 5 + 25 + 125 inputs in batches of 40: 3 full ones and 35 left.
    expect(requests.map((request) => request.inputs.length)).toEqual([40, 40, 40, 35]);
    expect(requests.flatMap((request) => request.inputs)).toEqual([...allInputs(VALUES, 3)]);
    // The very arrays asked for next, in order: the two after each, fewer at the end.
    expect(requests.map((request) => request.next?.length ?? 0)).toEqual([2, 2, 1, 0]);
    requests.forEach((request, i) => {
      request.next?.forEach((next, k) => {
        expect(next).toBe(requests[i + 1 + k]?.inputs);
      });
    });
    expect(step.value.inputs).toBe(155);
  });

  it('the corrected Kadane matches the reference on all of them', () => {
    for (const input of allInputs(VALUES, 6)) expect(corrected(input)).toBe(reference(input));
  });
});
