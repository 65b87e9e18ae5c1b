import { describe, expect, it } from 'vitest';
import type { Json, Shape } from '../../src/core/input/kinds.js';
import type { Outcome, Verdict } from '../../src/core/oracle/verdict.js';
import { drive } from '../../src/core/reduce/driver.js';
import type { HistoryRow, ReducerName } from '../../src/core/reduce/types.js';
import { Guesses } from '../../src/live/guesses.js';

/** Lets every promise that can settle now settle (no timer involved). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Rounds {
  /** Ticks of the fake clock the reduction took: each run takes one. */
  rounds: number;
  history: HistoryRow[];
  reduced: Json;
  runs: number;
  /** The most runs at once, and whether a trial asked for ever waited for a free job. */
  most: number;
  waited: boolean;
}

/**
 * Reduces `start` through Guesses on a fake clock: every run takes one tick (the runs started
 * during a tick end together at the next), and the clock moves only when the reduction waits
 * for a verdict. With one job, every trial asked for runs alone (no guesses).
 */
async function reduceInRounds(
  reducer: ReducerName,
  start: Json,
  shape: Shape,
  fails: (input: Json) => Outcome,
  jobs: number,
): Promise<Rounds> {
  let tick = 0;
  const pending: { began: number; input: Json; end: (verdict: Verdict) => void }[] = [];
  let most = 0;
  let runs = 0;
  const guesses = new Guesses(
    { reducer, shape, chase: { kind: 'wrong-answer' } },
    {
      run: (input, signal) =>
        new Promise<Verdict>((resolve) => {
          runs++;
          const run = { began: tick, input, end: resolve };
          pending.push(run);
          most = Math.max(most, pending.length);
          signal?.addEventListener('abort', () => {
            const at = pending.indexOf(run);
            if (at >= 0) pending.splice(at, 1);
            resolve({ outcome: 'PASS' });
          });
        }),
      room: () => jobs - pending.length,
      jobs,
    },
    jobs * 4,
    { share: Number.POSITIVE_INFINITY, slackMs: 0 },
  );
  if (jobs > 1) guesses.from(start);
  let waited = false;
  const ended = new Set<string>();
  const steps = drive(start, { reducer, shape, verify: false });
  let step = steps.next();
  while (!step.done) {
    const verdicts: Verdict[] = [];
    for (const input of step.value.inputs) {
      let verdict: Verdict | undefined;
      const asked = guesses.judge(input, step.value.ahead);
      void asked.then((v) => {
        verdict = v;
      });
      // A trial asked for that is not a guess that ended starts at once.
      const key = JSON.stringify(input);
      if (!ended.has(key) && !pending.some((run) => JSON.stringify(run.input) === key)) {
        waited = true;
      }
      await settle();
      while (verdict === undefined) {
        tick++;
        if (tick > 10_000) throw new Error('the trial asked for never ended');
        for (const run of pending.filter((r) => r.began < tick)) {
          pending.splice(pending.indexOf(run), 1);
          ended.add(JSON.stringify(run.input));
          run.end({ outcome: fails(run.input) });
        }
        await settle();
      }
      verdicts.push(verdict);
    }
    step = steps.next(verdicts);
  }
  guesses.from(undefined);
  return {
    rounds: tick,
    history: step.value.history,
    reduced: step.value.reduced,
    runs,
    most,
    waited,
  };
}

/** 256 lines whose failure needs two far-apart ones. */
const LINES = Array.from({ length: 256 }, (_, i) =>
  i === 30 ? 'needle A\n' : i === 220 ? 'needle B\n' : `line ${i}\n`,
).join('');
const both = (input: Json): Outcome =>
  String(input).includes('needle A') && String(input).includes('needle B') ? 'FAIL' : 'PASS';

describe('Guesses on a fake clock: rounds of runs', () => {
  it('bisect: the same reduction at every number of jobs, in fewer rounds with more jobs', async () => {
    const shape: Shape = { kind: 'string', split: 'lines' };
    const one = await reduceInRounds('bisect', LINES, shape, both, 1);
    let before = one.rounds;
    for (const jobs of [2, 4, 8, 16]) {
      const many = await reduceInRounds('bisect', LINES, shape, both, jobs);
      expect(many.history).toEqual(one.history);
      expect(many.reduced).toBe(one.reduced);
      expect(many.most).toBeLessThanOrEqual(jobs);
      expect(many.waited).toBe(false);
      // More jobs never take more rounds.
      expect(many.rounds).toBeLessThanOrEqual(before);
      before = many.rounds;
    }
    // Sixteen jobs: at most 0.35 of the rounds of one (the target for wall time).
    expect(before).toBeLessThanOrEqual(one.rounds * 0.35);
  });

  it('the syntax reducer on text: the same reduction at every number of jobs, never more rounds', async () => {
    const shape: Shape = { kind: 'string', split: 'syntax' };
    const one = await reduceInRounds('syntax', LINES, shape, both, 1);
    let before = one.rounds;
    for (const jobs of [2, 4, 16]) {
      const many = await reduceInRounds('syntax', LINES, shape, both, jobs);
      expect(many.history).toEqual(one.history);
      expect(many.most).toBeLessThanOrEqual(jobs);
      expect(many.rounds).toBeLessThanOrEqual(before);
      before = many.rounds;
    }
  });
});
