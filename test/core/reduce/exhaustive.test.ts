import { describe, expect, it } from 'vitest';
import { allInputs, countInputs, exhaustive } from '../../../src/core/reduce/exhaustive.js';
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

  it('the corrected Kadane matches the reference on all of them', () => {
    for (const input of allInputs(VALUES, 6)) expect(corrected(input)).toBe(reference(input));
  });
});
