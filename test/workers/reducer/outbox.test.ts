import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TranscriptMessage } from '../../../src/core/run/transcript.js';
import { Outbox } from '../../../workers/reducer/outbox.js';

const progress = (attempts: number): TranscriptMessage => ({
  type: 'progress',
  attempts,
  maxAttempts: 100,
});
const end: TranscriptMessage = {
  type: 'end',
  end: {
    status: 'cancelled',
    reducer: 'chunks',
    calls: 0,
    executions: 0,
    cacheHits: 0,
    verifyExecutions: 0,
    verified: false,
  },
};

describe('Outbox', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the messages of one stretch of work together, then at most one batch per interval', () => {
    const sent: number[][] = [];
    const outbox = new Outbox(
      (batch) => sent.push(batch.map((m) => (m.type === 'progress' ? m.attempts : -1))),
      16,
    );
    outbox.push(progress(1));
    outbox.push(progress(2));
    expect(sent).toEqual([]); // not before the stretch of work that made them has ended
    vi.advanceTimersByTime(0);
    expect(sent).toEqual([[1, 2]]);

    outbox.push(progress(3));
    vi.advanceTimersByTime(5);
    outbox.push(progress(4));
    vi.advanceTimersByTime(10);
    expect(sent).toHaveLength(1); // 15 ms after the first batch: still waiting
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([
      [1, 2],
      [3, 4],
    ]);

    // A while later, a message goes at the end of the stretch of work again.
    vi.advanceTimersByTime(100);
    outbox.push(progress(5));
    vi.advanceTimersByTime(0);
    expect(sent).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('sends the end at once, after what waits before it, and nothing twice', () => {
    const sent: TranscriptMessage[][] = [];
    const outbox = new Outbox((batch) => sent.push(batch), 16);
    outbox.push(progress(1));
    vi.advanceTimersByTime(0);
    outbox.push(progress(2));
    outbox.push(end);
    expect(sent).toEqual([[progress(1)], [progress(2), end]]);
    vi.advanceTimersByTime(100);
    outbox.flush();
    expect(sent).toHaveLength(2);
  });

  it('flushes what waits on demand (a run that ends without an end message)', () => {
    const sent: TranscriptMessage[][] = [];
    const outbox = new Outbox((batch) => sent.push(batch), 16);
    outbox.flush();
    expect(sent).toEqual([]);
    outbox.push(progress(1));
    outbox.flush();
    expect(sent).toEqual([[progress(1)]]);
    vi.advanceTimersByTime(100);
    expect(sent).toHaveLength(1);
  });
});
