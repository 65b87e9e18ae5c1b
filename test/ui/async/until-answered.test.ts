import { describe, expect, it } from 'vitest';
import { untilAnswered } from '../../../src/ui/async/until-answered.js';

describe('untilAnswered', () => {
  it('tells progress until the answer is in, and none that arrives after it', async () => {
    const told: number[] = [];
    const late: { progress?: (n: number) => void } = {};
    const answer = await untilAnswered<number, string>(
      (n) => told.push(n),
      async (progress) => {
        progress(1);
        progress(2);
        late.progress = progress;
        return 'done';
      },
    );
    expect(answer).toBe('done');
    // A progress message that crossed the answer on its way.
    late.progress?.(3);
    expect(told).toEqual([1, 2]);
  });

  it('stops telling when the check fails too', async () => {
    const told: number[] = [];
    const late: { progress?: (n: number) => void } = {};
    await expect(
      untilAnswered<number, never>(
        (n) => told.push(n),
        async (progress) => {
          late.progress = progress;
          progress(1);
          throw new Error('sandbox gone');
        },
      ),
    ).rejects.toThrow('sandbox gone');
    late.progress?.(2);
    expect(told).toEqual([1]);
  });
});
