import { describe, expect, it } from 'vitest';
import { outcome as fourBlocks } from '../../examples/code/four-blocks/outcome.js';
import { INT_ARRAY, type Json } from '../../src/core/input/kinds.js';
import { sameValue } from '../../src/core/input/value.js';
import type { Outcome, Verdict } from '../../src/core/oracle/verdict.js';
import { drive } from '../../src/core/reduce/driver.js';
import { predictTrials } from '../../src/core/reduce/lookahead.js';
import type { ReducerName } from '../../src/core/reduce/types.js';
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

/**
 * Reduces `start` with `reducer` through Guesses with room for `room` runs at once (each run
 * takes a millisecond); the history, the trials the reduction asked for, and every run made.
 */
async function reduceAhead(
  reducer: ReducerName,
  start: number[],
  judge: (input: number[]) => Outcome,
  room: number,
) {
  let running = 0;
  let runs = 0;
  const guesses = new Guesses(
    { reducer, shape: INT_ARRAY, chase: { kind: 'wrong-answer' } },
    {
      run: async (input) => {
        runs++;
        running++;
        await new Promise((resolve) => setTimeout(resolve, 1));
        running--;
        return { outcome: judge(input as number[]) };
      },
      room: () => room - running,
    },
    room * 4,
  );
  guesses.from(start);
  const steps = drive(start, { reducer, verify: false });
  let step = steps.next();
  let asked = 0;
  while (!step.done) {
    const verdicts: Verdict[] = [];
    for (const input of step.value.inputs) {
      asked++;
      verdicts.push(await guesses.judge(input));
    }
    step = steps.next(verdicts);
  }
  guesses.from(undefined);
  return { history: step.value.history, asked, runs };
}

describe('Guesses: what is assumed of trials not yet judged', () => {
  const start = [0, 1, 2, 3, 4, 5, 6, 7];
  const none = () => undefined;
  const never = () => false;

  it('assumes PASS unless told otherwise, and a reducer that goes on otherwise predicts otherwise', () => {
    // bisect bisects a block whose deletion passes, and moves on past one that is INVALID.
    expect(predictTrials('bisect', start, INT_ARRAY, none, never, 2)).toEqual([
      [4, 5, 6, 7],
      [2, 3, 4, 5, 6, 7],
    ]);
    const invalid = { outcome: 'INVALID', chased: false } as const;
    expect(predictTrials('bisect', start, INT_ARRAY, none, never, 2, invalid)).toEqual([
      [4, 5, 6, 7],
      [0, 1, 2, 3],
    ]);
  });

  it('guesses INVALID once most trials were, and wastes fewer runs on an INVALID-heavy input', async () => {
    // FAIL while the input is a prefix of the start (not empty), INVALID otherwise.
    const long = Array.from({ length: 24 }, (_, i) => i);
    const judge = (a: number[]): Outcome =>
      a.length === long.length || (a.length > 0 && a.every((x, i) => x === i)) ? 'FAIL' : 'INVALID';
    const one = await reduceAhead('bisect', long, judge, 1);
    const two = await reduceAhead('bisect', long, judge, 2);
    expect(two.history).toEqual(one.history);
    // Guessing PASS, every guess after an INVALID sweep block would be a bisection never asked.
    expect(two.runs - two.asked).toBeLessThanOrEqual(4);
  });
});
