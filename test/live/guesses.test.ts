import { describe, expect, it } from 'vitest';
import { outcome as fourBlocks } from '../../examples/code/four-blocks/outcome.js';
import { INT_ARRAY, type Json } from '../../src/core/input/kinds.js';
import { sameValue } from '../../src/core/input/value.js';
import type { Verdict } from '../../src/core/oracle/verdict.js';
import { Guesses } from '../../src/live/guesses.js';

/** Guesses over the four-block predicate, with `room` runs at once; records every run. */
function guessing(room: number) {
  const ran: Json[] = [];
  let running = 0;
  const guesses = new Guesses(
    { reducer: 'chunks', shape: INT_ARRAY, chase: { kind: 'wrong-answer' } },
    {
      run: async (input) => {
        ran.push(input);
        running++;
        await new Promise((resolve) => setTimeout(resolve, 1));
        running--;
        return { outcome: fourBlocks(input as number[]) } as Verdict;
      },
      room: () => room - running,
    },
    room * 2,
  );
  const runsOf = (input: Json) => ran.filter((other) => sameValue(other, input)).length;
  return { guesses, ran, runsOf };
}

describe('Guesses: trials judged ahead', () => {
  it('runs nothing ahead outside a reduction', async () => {
    const { guesses, ran } = guessing(2);
    expect(ran).toEqual([]);
    expect(await guesses.judge([1, 5])).toEqual({ outcome: 'FAIL' });
    expect(ran).toEqual([[1, 5]]);
  });

  it('fills the room with the next trials, and hands each guess over once', async () => {
    const { guesses, ran, runsOf } = guessing(2);
    guesses.from([1, 2, 3, 4, 5, 6, 7, 8]);
    // Two trials started before the reduction asked for any.
    expect(ran).toHaveLength(2);
    const first = ran[0] as Json;
    expect(await guesses.judge(first)).toEqual({ outcome: fourBlocks(first as number[]) });
    expect(runsOf(first)).toBe(1);
    // Asked again (no cache), the same trial runs again.
    await guesses.judge(first);
    expect(runsOf(first)).toBe(2);
  });

  it('stops guessing when told the reduction has ended', async () => {
    const { guesses, ran } = guessing(2);
    guesses.from([1, 2, 3, 4, 5, 6, 7, 8]);
    guesses.from(undefined);
    const before = ran.length;
    await guesses.judge([5, 1]);
    expect(ran).toHaveLength(before + 1);
  });
});
