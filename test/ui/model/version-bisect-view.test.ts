import { describe, expect, it } from 'vitest';
import type { VersionBisectStep } from '../../../src/core/run/version-bisect-transcript.js';
import { mostTests, versionMarks } from '../../../src/ui/model/version-bisect-view.js';
import { versionBisectSync } from '../../support/version-bisect-sync.js';

/** The steps of a bisection of `count` versions, bad from `first` on, `skip` skipped. */
function steps(count: number, first: number, skip: number[] = []): VersionBisectStep[] {
  let lastGood = -1;
  let firstBad = count;
  const run = versionBisectSync(count, (v) =>
    skip.includes(v) ? 'skip' : v < first ? 'good' : 'bad',
  );
  return run.tested.map(({ version, mark }, i) => {
    if (mark === 'good') lastGood = version;
    if (mark === 'bad') firstBad = version;
    return { version, mark, verdict: { outcome: 'PASS' }, tests: i + 1, lastGood, firstBad };
  });
}

const marks = (count: number, all: VersionBisectStep[], shown: number) =>
  versionMarks(count, all, shown)
    .map((m) => (m.tested ? m.mark.toUpperCase() : m.mark)[0])
    .join('');

describe('versionMarks', () => {
  it('marks tested versions and those they imply, test by test', () => {
    const all = steps(8, 4, [5]);
    expect(marks(8, all, 0)).toBe('uuuuuuuu');
    expect(marks(8, all, 1)).toBe('gggGuuuu');
    expect(marks(8, all, 2)).toBe('gggGuSuu');
    expect(marks(8, all, 3)).toBe('gggGBSbb');
    expect(versionMarks(8, all, 3).findIndex((m) => m.current)).toBe(4);
  });

  it('bounds the tests of a history without skips', () => {
    expect(mostTests(8)).toBe(4);
    expect(mostTests(7)).toBe(3);
    for (let n = 1; n < 100; n++) {
      for (const first of [0, Math.floor(n / 3), n]) {
        expect(steps(n, first).length).toBeLessThanOrEqual(mostTests(n));
      }
    }
  });
});
