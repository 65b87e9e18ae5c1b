import { describe, expect, it } from 'vitest';
import { StatusTracker } from '../../../src/core/run/status.js';
import { isolationOf } from '../../../src/core/run/summary.js';
import type { StoredConfig } from '../../../src/core/session/task.js';
import { exampleConfig, record, recordArticle } from '../session/sessions.js';

/** The article's lesson, given an input to isolate instead of a generator. */
const { generator: _generator, maxAttempts: _maxAttempts, ...lesson } = exampleConfig('article');
const isolating: StoredConfig = { ...lesson, input: [1, 2, 3, 7, 4, 5, 6, 8] };

describe('StatusTracker', () => {
  it('follows the article: the search, then the trials and the size of the input they leave', () => {
    let now = 0;
    const tracker = new StatusTracker(() => now);
    const sizes: (number | null)[] = [];
    for (const event of recordArticle().session.events) {
      tracker.observe(event);
      if (event.type === 'decision') sizes.push(tracker.status().size);
    }
    now = 1500;
    const status = tracker.status();
    expect(status).toMatchObject({ phase: 'verify', attempts: 4452, trials: 4, elapsedMs: 1500 });
    expect(status.outcomes).toEqual({ PASS: 4451, FAIL: 1 });
    // 12 → 6 → 3 → 2 → 1, as the article draws it.
    expect(sizes).toEqual([6, 3, 2, 1]);
  });

  it('follows an isolation: its trials, and the size of the difference each leaves', () => {
    const tracker = new StatusTracker(() => 0);
    const sizes: (number | null)[] = [];
    const { session, summary } = record(
      { ...isolating, isolate: { mode: '+-', pass: [] } },
      (input) => ({ outcome: (input as number[]).includes(7) ? 'FAIL' : 'PASS' }),
    );
    for (const event of session.events) {
      tracker.observe(event);
      if (event.type === 'isolation') sizes.push(tracker.status().size);
    }
    expect(tracker.status().trials).toBe(sizes.length);
    // A binary search for the 7 among 8 elements: the difference halves to one edit.
    expect(sizes).toEqual([4, 2, 1]);
    expect(isolationOf(summary).isolation?.difference).toHaveLength(1);
  });
});
