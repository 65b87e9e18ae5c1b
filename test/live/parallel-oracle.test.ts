import { describe, expect, it } from 'vitest';
import { outcome as fourBlocks } from '../../examples/code/four-blocks/outcome.js';
import { shapeOf } from '../../src/core/input/kinds.js';
import type { Input, SyncOracle } from '../../src/core/oracle/oracle.js';
import type { Verdict } from '../../src/core/oracle/verdict.js';
import { stepThrough } from '../../src/core/reduce/runner.js';
import type { ReducerName } from '../../src/core/reduce/types.js';
import { runSession } from '../../src/core/run/run.js';
import { reductionOf } from '../../src/core/run/summary.js';
import type { SessionConfig } from '../../src/core/session/config.js';
import type { SessionEvent } from '../../src/core/session/events.js';
import { withoutDurations } from '../../src/core/session/normalise.js';
import { taskConfig } from '../../src/core/session/task.js';
import { ParallelOracle, type PoolOracle } from '../../src/live/parallel-oracle.js';
import { articleJudge, exampleConfig } from '../core/session/sessions.js';
import { reduction } from '../support/tasks.js';

/** What the pool did: executions in all, and the most calls in flight at once. */
interface Load {
  executions: number;
  inFlight: number;
  most: number;
}

/** A pool oracle judging with `judge` after a short wait (a trial that takes time). */
function slowOracle(judge: SyncOracle, load: Load): PoolOracle {
  const call = async (input: Input, ms = 2): Promise<Verdict> => {
    load.executions++;
    load.most = Math.max(load.most, ++load.inFlight);
    await (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());
    load.inFlight--;
    return judge(input);
  };
  return {
    load: async () => [],
    judge: (input) => call(input),
    // One pair judges a batch one input after another, as a worker does (quickly: the search
    // judges thousands).
    judgeBatch: async (inputs) => {
      const verdicts: Verdict[] = [];
      for (const input of inputs) verdicts.push(await call(input, 0));
      return verdicts;
    },
    dispose: () => undefined,
  };
}

/** Runs `config` on `jobs` pool oracles (one plain oracle for 1); its events and the load. */
async function run(config: SessionConfig, judge: SyncOracle, jobs: number) {
  const load: Load = { executions: 0, inFlight: 0, most: 0 };
  const pool = Array.from({ length: jobs }, () => slowOracle(judge, load));
  const oracle =
    jobs === 1
      ? (pool[0] as PoolOracle)
      : new ParallelOracle(pool, {
          reducer: reduction(config).reducer,
          shape: shapeOf(config),
          chase: config.chase,
        });
  const events: SessionEvent[] = [];
  const steps = runSession(config, {
    clock: () => 0,
    onEvent: (event) => {
      events.push(event);
      if (oracle instanceof ParallelOracle && event.type === 'call') {
        if (event.phase === 'confirm') oracle.reduceFrom(event.input);
        if (event.phase === 'verify') oracle.reduced();
      }
    },
  });
  const summary = await stepThrough(steps, oracle);
  return { events: withoutDurations(events), summary, load };
}

const fourBlocksJudge: SyncOracle = (input) => ({ outcome: fourBlocks(input as number[]) });

const CASES: [string, SessionConfig, SyncOracle][] = [
  ['the article (a search, then chunks)', taskConfig(exampleConfig('article')), articleJudge],
  ...(['chunks', 'ddmin', 'chunks-resume'] as ReducerName[]).map(
    (reducer): [string, SessionConfig, SyncOracle] => [
      `the four blocks with ${reducer}, cache off`,
      taskConfig({ ...exampleConfig('cache'), reducer, cache: false }),
      fourBlocksJudge,
    ],
  ),
];

describe('trials on several candidate/reference pairs at once', () => {
  it.each(CASES)(
    '%s: the same session and result with 2 and 4 pairs as with 1',
    async (_name, config, judge) => {
      const serial = await run(config, judge, 1);
      expect(serial.load.most).toBe(1);
      for (const jobs of [2, 4]) {
        const parallel = await run(config, judge, jobs);
        expect(parallel.events).toEqual(serial.events);
        expect(reductionOf(parallel.summary).reduced).toEqual(reductionOf(serial.summary).reduced);
        expect(parallel.summary.calls).toBe(serial.summary.calls);
        // The pairs did work side by side: trials were judged ahead, more than one at a time.
        expect(parallel.load.most).toBeGreaterThan(1);
        expect(parallel.load.most).toBeLessThanOrEqual(jobs);
        expect(parallel.load.executions).toBeGreaterThanOrEqual(serial.load.executions);
      }
    },
  );

  it('splits a batch among the pairs and keeps the verdicts in order', async () => {
    const load: Load = { executions: 0, inFlight: 0, most: 0 };
    const oracle = new ParallelOracle(
      Array.from({ length: 3 }, () => slowOracle(articleJudge, load)),
      {
        reducer: 'chunks',
        shape: shapeOf(exampleConfig('article')),
        chase: { kind: 'wrong-answer' },
      },
    );
    const inputs: Input[] = Array.from({ length: 10 }, (_, i) => [i - 5, -1]);
    expect(await oracle.judgeBatch(inputs)).toEqual(inputs.map(articleJudge));
    expect(load.most).toBe(3);
    expect(load.executions).toBe(10);
  });
});
