import { describe, expect, it } from 'vitest';
import { type FindEvent, type FindResult, find } from '../../../src/core/generate/find.js';
import type { Json } from '../../../src/core/input/kinds.js';
import type { Verdict } from '../../../src/core/oracle/verdict.js';

/** The article's generator: `random.Random(1103)`, 12 integers from `randint(-9, 9)`. */
const ARTICLE = { seed: 1103, length: 12, min: -9, max: 9 };

/** The buggy Kadane against the reference, judged directly: FAIL where they differ. */
function judge(input: Json): Verdict {
  const a = input as number[];
  let best = 0;
  let here = 0;
  for (const x of a) {
    here = Math.max(0, here + x);
    best = Math.max(best, here);
  }
  const expected = Math.max(
    ...a.map((_, i) => Math.max(...a.slice(i).map((__, j) => sum(a, i, j)))),
  );
  return best === expected ? { outcome: 'PASS' } : { outcome: 'FAIL', expected, actual: best };
}

function sum(a: number[], from: number, count: number): number {
  let total = 0;
  for (let k = from; k <= from + count; k++) total += a[k] as number;
  return total;
}

/** Drives a search to its end; returns its result, its events and the size of each request. */
function search(batchSize?: number) {
  const events: FindEvent[] = [];
  const sizes: number[] = [];
  const steps = find({
    generator: ARTICLE,
    maxAttempts: 100_000,
    ...(batchSize === undefined ? {} : { batchSize }),
    onEvent: (event) => events.push(event),
  });
  let step = steps.next();
  while (!step.done) {
    sizes.push(step.value.inputs.length);
    step = steps.next(step.value.inputs.map(judge));
  }
  return { result: step.value as FindResult, events, sizes };
}

describe('find', () => {
  it('finds the article’s failing attempt #4452 in 8 requests that grow sixteenfold', () => {
    const { result, events, sizes } = search();
    expect(result).toMatchObject({
      found: true,
      attempts: 4452,
      input: [-3, -3, -8, -4, -4, -8, -1, -9, -5, -4, -6, -7],
    });
    expect(sizes).toEqual([1, 16, 256, 1024, 1024, 1024, 1024, 1024]);
    // The attempts of the last request after the failing one are neither counted nor told.
    expect(events).toHaveLength(4452);
  });

  it('tells the same attempts and finds the same input whatever the largest request', () => {
    const batched = search();
    const one = search(1);
    expect(one.sizes).toHaveLength(4452);
    expect(one.result).toEqual(batched.result);
    expect(one.events).toEqual(batched.events);
  });
});
