import type { VersionBisectResult } from '../../core/history/version-bisect.js';
import type { VersionBisectStep } from '../../core/run/version-bisect-transcript.js';
import { t } from '../i18n/i18n.js';
import { mostTests } from './version-bisect-view.js';

/** How a value is written in a sentence (JSON, as the cells write inputs). */
const shown = (value: unknown) => (value === undefined ? '?' : JSON.stringify(value));

/**
 * The sentence for a bisection after its first `count` steps: before any, what bisection does;
 * after each, what that test said and what it implies; after the last, the pair it found.
 */
export function versionBisectText(
  labels: readonly string[],
  steps: readonly VersionBisectStep[],
  count: number,
  result: VersionBisectResult | null,
): string {
  const label = (version: number) => labels[version] ?? `#${version + 1}`;
  if (count === 0)
    return t('bisect.start', { count: labels.length, most: mostTests(labels.length) });
  const step = steps[count - 1];
  if (!step) return '';
  const values = {
    tests: step.tests,
    label: label(step.version),
    actual: shown(step.verdict.actual),
    expected: shown(step.verdict.expected),
    reason: step.verdict.error?.message ?? step.verdict.outcome,
  };
  const told = t(
    step.mark === 'good' ? 'bisect.passes' : step.mark === 'bad' ? 'bisect.fails' : 'bisect.skips',
    values,
  );
  if (count < steps.length || !result) return told;
  return `${told} ${endText(labels, result)}`;
}

/** What a bisection's end says: the pair of versions found, or why there is none. */
export function endText(labels: readonly string[], result: VersionBisectResult): string {
  const label = (version: number) => labels[version] ?? `#${version + 1}`;
  if (result.firstBad >= labels.length) return t('bisect.noneFails');
  if (result.lastGood < 0) return t('bisect.oldestFails');
  const pair = { good: label(result.lastGood), bad: label(result.firstBad) };
  if (result.skipped.length > 0) {
    const versions = [...result.skipped, result.firstBad].map(label).join(', ');
    return t('bisect.ambiguous', { ...pair, versions });
  }
  return t('bisect.found', { ...pair, tests: result.tests, count: labels.length });
}
