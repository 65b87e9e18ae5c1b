import { describe, expect, it } from 'vitest';
import { StatusTracker } from '../../../src/core/run/status.js';
import { recordArticle } from '../session/sessions.js';

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
});
