import { describe, expect, it } from 'vitest';
import type { VersionBisectStep } from '../../../src/core/run/version-bisect-transcript.js';
import { endText, versionBisectText } from '../../../src/ui/model/narrate-version-bisect.js';

const LABELS = ['v1', 'v2', 'v3', 'v4', 'v5', 'v6', 'v7', 'v8'];

/** The history lesson's three tests: v4 good, v6 does not load, v5 bad. */
const STEPS: VersionBisectStep[] = [
  {
    version: 3,
    mark: 'good',
    verdict: { outcome: 'PASS', expected: -1, actual: -1 },
    tests: 1,
    lastGood: 3,
    firstBad: 8,
  },
  {
    version: 5,
    mark: 'skip',
    verdict: { outcome: 'INVALID', error: { name: 'SyntaxError', message: 'Unexpected token' } },
    tests: 2,
    lastGood: 3,
    firstBad: 8,
  },
  {
    version: 4,
    mark: 'bad',
    verdict: { outcome: 'FAIL', expected: -1, actual: 0 },
    tests: 3,
    lastGood: 3,
    firstBad: 4,
  },
];
const RESULT = { lastGood: 3, firstBad: 4, skipped: [], tests: 3 };

describe('bisectText', () => {
  it('tells each test and what it implies, then the pair found', () => {
    expect(versionBisectText(LABELS, STEPS, 0, RESULT)).toMatch(
      /^The newest version fails .* 8 versions need at most 4 tests\.$/,
    );
    expect(versionBisectText(LABELS, STEPS, 1, RESULT)).toMatch(
      /^Test 1: v4 passes \(-1\): it is good/,
    );
    expect(versionBisectText(LABELS, STEPS, 2, RESULT)).toMatch(
      /^Test 2: v6 cannot be judged \(Unexpected token\)/,
    );
    expect(versionBisectText(LABELS, STEPS, 3, RESULT)).toContain(
      'Test 3: v5 fails (0 instead of -1): it is bad, and so is every version after it. The first bad version is v5 or an older one. v5 is the first bad version, v4 the last good one: 3 tests for 8 versions.',
    );
  });

  it('names the skipped versions that may be the first bad one, and a history with no pair', () => {
    expect(endText(LABELS, { lastGood: 3, firstBad: 6, skipped: [4, 5], tests: 4 })).toMatch(
      /^The first bad version is one of v5, v6, v7: .* from v4 to v7\.$/,
    );
    expect(endText(LABELS, { lastGood: 7, firstBad: 8, skipped: [], tests: 4 })).toMatch(
      /^No version/,
    );
    expect(endText(LABELS, { lastGood: -1, firstBad: 0, skipped: [], tests: 3 })).toMatch(
      /^The oldest version/,
    );
  });
});
