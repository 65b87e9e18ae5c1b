import { describe, expect, it } from 'vitest';
import type { Input } from '../../src/core/oracle/oracle.js';
import { UNPARSED, type Verdict } from '../../src/core/oracle/verdict.js';
import { refusing } from '../../src/live/refusing-oracle.js';

/** An oracle that records what it was asked (FAIL for every input) and what was named ahead. */
function recording() {
  const asked: Input[] = [];
  const named: Input[][] = [];
  const fail: Verdict = { outcome: 'FAIL' };
  return {
    asked,
    named,
    oracle: {
      load: async () => [],
      judge: async (input: Input, ahead?: (count: number) => Input[]) => {
        asked.push(input);
        if (ahead) named.push(ahead(3));
        return fail;
      },
      judgeBatch: async (inputs: readonly Input[]) => {
        asked.push(...inputs);
        return inputs.map(() => fail);
      },
    },
  };
}

const refuse = (input: Input) => (String(input).includes('(') ? undefined : 'does not parse');

describe('refusing', () => {
  it('answers a refused input INVALID without asking, and asks for the others', async () => {
    const { asked, oracle } = recording();
    const judge = refusing(oracle, refuse);
    await expect(judge.judge('f(')).resolves.toEqual({ outcome: 'FAIL' });
    await expect(judge.judge('f')).resolves.toEqual({
      outcome: 'INVALID',
      error: { name: UNPARSED, message: 'does not parse' },
    });
    await expect(judge.judgeBatch(['a', 'b(', 'c', 'd('])).resolves.toEqual([
      expect.objectContaining({ outcome: 'INVALID' }),
      { outcome: 'FAIL' },
      expect.objectContaining({ outcome: 'INVALID' }),
      { outcome: 'FAIL' },
    ]);
    expect(asked).toEqual(['f(', 'b(', 'd(']);
  });

  it('names no refused input ahead', async () => {
    const { named, oracle } = recording();
    await refusing(oracle, refuse).judge('x(', () => ['a', 'b(', 'c(']);
    expect(named).toEqual([['b(', 'c(']]);
  });
});
