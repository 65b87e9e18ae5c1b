import { describe, expect, it } from 'vitest';
import { compareReducers } from '../../../src/core/reduce/compare-reducers.js';
import { stepThroughSync } from '../../../src/core/reduce/runner.js';
import { ARTICLE_INPUT, articleOracle } from '../../support/lessons.js';
import { exampleFile } from '../session/sessions.js';

const endOf = (name: string) =>
  JSON.parse(exampleFile(name, 'transcript.expected.jsonl').trim().split('\n').at(-1) as string)
    .end as { calls: number; reduced: unknown };

describe('compareReducers', () => {
  it('reduces the article’s failure with each reducer as its own lesson does', () => {
    const seen: number[] = [];
    const rows = stepThroughSync(
      compareReducers(ARTICLE_INPUT, ['chunks', 'ddmin', 'chunks-resume', 'values'], {
        onRow: (so) => seen.push(so.length),
      }),
      articleOracle,
    );
    expect(seen).toEqual([1, 2, 3, 4]);
    const [chunks, ddmin] = rows;
    // The article's lesson and the ddmin lesson, call for call.
    expect([chunks?.calls, chunks?.reduced]).toEqual([
      endOf('article').calls,
      endOf('article').reduced,
    ]);
    expect([ddmin?.calls, ddmin?.reduced]).toEqual([
      endOf('article-ddmin').calls,
      endOf('article-ddmin').reduced,
    ]);
    for (const row of rows) {
      expect(row.verified).toBe(true);
      expect(row.size).toBe(1);
      // A length plot: one size after the confirmation and one per trial, never growing.
      expect(row.sizes).toHaveLength(row.calls);
      expect(row.sizes[0]).toBe(ARTICLE_INPUT.length);
      expect(row.sizes.every((size, i) => i === 0 || size <= (row.sizes[i - 1] as number))).toBe(
        true,
      );
      expect(row.executions + row.cacheHits).toBe(row.calls);
    }
  });
});
