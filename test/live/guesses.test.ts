import { describe, expect, it } from 'vitest';
import { outcome as fourBlocks } from '../../examples/code/four-blocks/outcome.js';
import { INT_ARRAY, type Json, type Shape } from '../../src/core/input/kinds.js';
import { sameValue } from '../../src/core/input/value.js';
import { type Outcome, UNPARSED, type Verdict } from '../../src/core/oracle/verdict.js';
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
  start: Json,
  judge: (input: never) => Outcome,
  room: number,
  { hints = true, shape = INT_ARRAY }: { hints?: boolean; shape?: Shape } = {},
) {
  let running = 0;
  let runs = 0;
  const guesses = new Guesses(
    { reducer, shape, chase: { kind: 'wrong-answer' } },
    {
      run: async (input) => {
        runs++;
        running++;
        await new Promise((resolve) => setTimeout(resolve, 1));
        running--;
        return { outcome: judge(input as never) };
      },
      room: () => room - running,
    },
    room * 4,
  );
  guesses.from(start);
  const steps = drive(start, { reducer, shape, verify: false });
  let step = steps.next();
  let asked = 0;
  while (!step.done) {
    const verdicts: Verdict[] = [];
    const { ahead } = step.value;
    for (const input of step.value.inputs) {
      asked++;
      verdicts.push(await guesses.judge(input, hints ? ahead : undefined));
    }
    step = steps.next(verdicts);
  }
  const { wasted } = guesses.counts();
  guesses.from(undefined);
  return { history: step.value.history, reduced: step.value.reduced, asked, runs, wasted };
}

describe('Guesses: the trials a reducer names ahead (Trial.ahead)', () => {
  it('judges the trials named ahead, and stops the guesses a new plan leaves out', async () => {
    const started: { input: Json; signal: AbortSignal | undefined }[] = [];
    const ends: (() => void)[] = [];
    // No room before the reduction asks for its first trial: nothing is guessed by replaying it.
    let open = false;
    const guesses = new Guesses(
      { reducer: 'bisect', shape: INT_ARRAY, chase: { kind: 'wrong-answer' } },
      {
        run: (input, signal) => {
          started.push({ input, signal });
          return new Promise((resolve) => ends.push(() => resolve({ outcome: 'PASS' })));
        },
        room: () => (open ? 3 - started.length : 0),
      },
      8,
    );
    guesses.from([9, 9, 9]);
    open = true;
    const asked = guesses.judge([1], () => [[2], [3]]);
    expect(started.map((run) => run.input)).toEqual([[1], [2], [3]]);
    // The reducer goes elsewhere: [3] is no longer named, its run is stopped; [2] is taken.
    void guesses.judge([2], () => [[4]]);
    expect(started.find((run) => sameValue(run.input, [3]))?.signal?.aborted).toBe(true);
    expect(started.find((run) => sameValue(run.input, [2]))?.signal?.aborted).toBe(false);
    expect(guesses.counts()).toEqual({ wasted: 1, stopped: 1 });
    for (const end of ends) end();
    expect(await asked).toEqual({ outcome: 'PASS' });
  });

  it('guesses one trial per spare job, and goes on past a trial refused without a run', async () => {
    const started: Json[] = [];
    let open = false;
    const guesses = new Guesses(
      { reducer: 'bisect', shape: INT_ARRAY, chase: { kind: 'wrong-answer' } },
      {
        run: (input) => {
          started.push(input);
          // [2] does not parse: refused at once, without a run.
          if (sameValue(input, [2])) {
            return Promise.resolve({ outcome: 'INVALID', error: { name: UNPARSED, message: '' } });
          }
          return new Promise(() => {});
        },
        room: () => (open ? 8 : 0),
        jobs: 2,
      },
      8,
    );
    guesses.from([9, 9, 9]);
    open = true;
    void guesses.judge([1], () => [[2], [3], [4]]);
    expect(started).toEqual([[1], [2]]);
    await new Promise((resolve) => setTimeout(resolve, 1));
    expect(started).toEqual([[1], [2], [3]]);
  });

  it('guesses what follows the trial asked for if it is chased and if not, and stops the branch that did not happen', async () => {
    const started: { input: Json; signal: AbortSignal | undefined }[] = [];
    const ends = new Map<number, (outcome: Outcome) => void>();
    let open = false;
    const guesses = new Guesses(
      { reducer: 'bisect', shape: INT_ARRAY, chase: { kind: 'wrong-answer' } },
      {
        run: (input, signal) => {
          started.push({ input, signal });
          return new Promise((resolve) =>
            ends.set(input as number, (outcome) => resolve({ outcome })),
          );
        },
        room: () => (open ? 8 : 0),
        jobs: 3,
      },
      8,
    );
    // Trial n names n0 next if it is accepted (chased), n1 if it is not.
    const named = (n: number) => (count: number, chased?: boolean) =>
      [chased ? n * 10 : n * 10 + 1].slice(0, count);
    const runOf = (input: number) => started.find((run) => run.input === input);
    guesses.from([9, 9, 9]);
    open = true;
    const first = guesses.judge(1, named(1));
    expect(runOf(11)?.signal?.aborted).toBe(false);
    expect(runOf(10)?.signal?.aborted).toBe(false);
    ends.get(1)?.('FAIL');
    await first;
    // Accepted: the guess that assumed it was not is stopped at once; the other is kept.
    expect(runOf(11)?.signal?.aborted).toBe(true);
    expect(runOf(10)?.signal?.aborted).toBe(false);
    const second = guesses.judge(10, named(10));
    // Taken when asked for, without a second run; what follows it is guessed both ways.
    expect(started.filter((run) => run.input === 10)).toHaveLength(1);
    expect(runOf(100)).toBeDefined();
    expect(runOf(101)).toBeDefined();
    ends.get(10)?.('PASS');
    await second;
    expect(runOf(100)?.signal?.aborted).toBe(true);
    expect(runOf(101)?.signal?.aborted).toBe(false);
  });

  it('starts the trial asked for at once, stopping the least likely guess when every job is taken', () => {
    const started: { input: Json; signal: AbortSignal | undefined }[] = [];
    let running = 0;
    const guesses = new Guesses(
      { reducer: 'bisect', shape: INT_ARRAY, chase: { kind: 'wrong-answer' } },
      {
        run: (input, signal) => {
          started.push({ input, signal });
          running++;
          signal?.addEventListener('abort', () => running--);
          return new Promise(() => {});
        },
        room: () => 2 - running,
        jobs: 2,
      },
      8,
    );
    // Both jobs take the reducer's first trials (replayed from the start) before it asks.
    guesses.from([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(started).toHaveLength(2);
    const [likeliest, other] = started;
    void guesses.judge([8, 7]);
    // Asked for and not guessed: it starts at once, and the less likely guess made room.
    expect(started.map((run) => run.input)).toContainEqual([8, 7]);
    expect(other?.signal?.aborted).toBe(true);
    expect(likeliest?.signal?.aborted).toBe(false);
    expect(running).toBe(2);
  });

  it('makes the same reduction of a program by its syntax with 1, 2 and 3 jobs', async () => {
    const text = 'keep(drop[1, 2] {x: (y)}) + (z);\nw = [a, b, c];\nq(1, 2, y);\n';
    const shape: Shape = { kind: 'string', split: 'syntax' };
    const judge = (t: string): Outcome => (/\by\b/.test(t) && t.includes('keep') ? 'FAIL' : 'PASS');
    const one = await reduceAhead('syntax', text, judge, 1, { shape });
    for (const room of [2, 3]) {
      const many = await reduceAhead('syntax', text, judge, room, { shape });
      expect(many.history).toEqual(one.history);
      expect(many.reduced).toBe(one.reduced);
      expect(many.runs - many.asked).toBe(many.wasted);
    }
  });
});

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
    for (const hints of [false, true]) {
      const one = await reduceAhead('bisect', long, judge, 1, { hints });
      const two = await reduceAhead('bisect', long, judge, 2, { hints });
      expect(two.history).toEqual(one.history);
      // Guessing PASS, every guess after an INVALID sweep block would be a bisection never asked.
      expect(two.runs - two.asked).toBeLessThanOrEqual(4);
    }
  });
});
