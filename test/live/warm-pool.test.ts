import { describe, expect, it } from 'vitest';
import { WarmPool } from '../../src/live/warm-pool.js';
import type { ExitReason, WorkerPort } from '../../src/protocol/sandbox.js';

/** A pool over fake sandboxes that can be made to end on their own. */
function fakePool() {
  const started: { terminated: boolean; exit(reason: ExitReason): void }[] = [];
  const pool = new WarmPool(() => {
    const listeners: ((reason: ExitReason) => void)[] = [];
    const sandbox = {
      terminated: false,
      exit: (reason: ExitReason) => {
        for (const listener of listeners) listener(reason);
      },
    };
    started.push(sandbox);
    return {
      endpoint: {} as WorkerPort['endpoint'],
      terminate() {
        sandbox.terminated = true;
      },
      onExit(listener) {
        listeners.push(listener);
      },
    };
  });
  return { pool, started };
}

const DIED: ExitReason = { name: 'OutOfMemory', message: 'gone' };

describe('WarmPool', () => {
  it('hands a kept sandbox to the next taker, which alone hears of its end', () => {
    const { pool, started } = fakePool();
    const first = pool.take('candidate', 'py');
    const heardFirst: string[] = [];
    first.onExit((reason) => heardFirst.push(reason.name));
    pool.keep('candidate', 'py', first, 'A');
    const second = pool.take('candidate', 'py', 'A');
    expect(started).toHaveLength(1);
    expect(second.endpoint).toBe(first.endpoint);
    const heardSecond: string[] = [];
    second.onExit((reason) => heardSecond.push(reason.name));
    started[0]?.exit(DIED);
    expect([heardFirst, heardSecond]).toEqual([[], ['OutOfMemory']]);
    expect(pool.count).toEqual({ spawned: 1, alive: 0 });
  });

  it('stops a sandbox given back when the role has a spare, when it ended, or is not its own', () => {
    const { pool, started } = fakePool();
    const used = pool.take('reference', 'py');
    pool.fill(['reference'], 'py');
    pool.keep('reference', 'py', used, 'A');
    expect(started.map((s) => s.terminated)).toEqual([true, false]);
    const ended = pool.take('reference', 'py');
    started[1]?.exit(DIED);
    pool.keep('reference', 'py', ended, 'A');
    expect(pool.take('reference', 'py').endpoint).not.toBe(ended.endpoint);
    let stopped = false;
    const stranger: WorkerPort = {
      endpoint: {} as WorkerPort['endpoint'],
      terminate: () => {
        stopped = true;
      },
      onExit: () => {},
    };
    pool.keep('candidate', 'py', stranger, 'A');
    expect(stopped).toBe(true);
    expect(pool.count).toEqual({ spawned: 3, alive: 1 });
  });

  it('counts a kept sandbox once when the spare is stopped by clear', () => {
    const { pool, started } = fakePool();
    pool.keep('candidate', 'py', pool.take('candidate', 'py'), 'A');
    pool.clear();
    expect(started.map((s) => s.terminated)).toEqual([true]);
    expect(pool.count).toEqual({ spawned: 1, alive: 0 });
  });

  it('gives a kept sandbox to a run of the same code only: other code gets a fresh one', () => {
    const { pool, started } = fakePool();
    pool.keep('candidate', 'py', pool.take('candidate', 'py', 'A'), 'A');
    // Filling for other code stops the kept one and starts a fresh spare, with no code in it.
    pool.fill(['candidate'], 'py', () => 'B');
    expect(started.map((s) => s.terminated)).toEqual([true, false]);
    pool.keep('candidate', 'py', pool.take('candidate', 'py', 'B'), 'B');
    // Taken for other code still, it is stopped at once; a check (no code) may borrow it.
    expect(pool.peek('candidate', 'py')).not.toBeNull();
    pool.take('candidate', 'py', 'C');
    expect(started.map((s) => s.terminated)).toEqual([true, true, false]);
    expect(pool.count).toEqual({ spawned: 3, alive: 1 });
  });
});
