import { formatOutput } from '../core/oracle/output.js';
import { block } from '../core/reduce/blocks.js';
import type { HistoryRow } from '../core/reduce/types.js';
import type { RunSummary } from '../core/run/run.js';

const list = (input: readonly number[]) => `[${input.join(',')}]`;

/**
 * The summary as text, drawing every trial as the article does: the current input split into
 * blocks, the block under trial marked, the outcome and whether it was accepted.
 */
export function drawSummary(summary: RunSummary): string {
  const lines: string[] = [];
  if (summary.attempts !== undefined) {
    lines.push(
      `seed ${summary.seed}: attempt ${summary.attempts} ${summary.original ? 'fails' : 'not found'}`,
    );
  }
  if (summary.original) {
    lines.push(
      `start  ${list(summary.original)}  expected ${formatOutput(summary.expected)}, actual ${formatOutput(summary.actual)}`,
      '',
    );
  }
  summary.history.forEach((row, i) => {
    lines.push(...drawRow(row, i + 1), '');
  });
  if (summary.reduced) {
    lines.push(
      `reduced ${list(summary.reduced)}  expected ${formatOutput(summary.reducedExpected)}, actual ${formatOutput(summary.reducedActual)}`,
      `${summary.calls} calls (${summary.executions} executions, ${summary.cacheHits} cache hits), reducer ${summary.reducer}`,
      ...flakyLine(summary.history),
      ...(summary.deletionOnly === false
        ? ['values were changed too: the result is not a subsequence of the start']
        : []),
      summary.verified
        ? 'verified: still fails, 1-minimal'
        : `not verified: ${summary.verification?.problems.join('; ') || summary.stopped || summary.status}`,
    );
  } else if (summary.message) {
    lines.push(summary.message);
  }
  return lines.join('\n');
}

function flakyLine(history: readonly HistoryRow[]): string[] {
  const flaky = history.filter((row) => row.flaky).length;
  return flaky > 0
    ? [`${flaky} flaky trial${flaky === 1 ? '' : 's'}: re-runs disagreed, never accepted`]
    : [];
}

function drawRow(row: HistoryRow, trial: number): string[] {
  // The outcome as it is: a chased crash is CRASH, never relabelled FAIL.
  const mark = row.accepted
    ? `${row.outcome} — accepted, continue from here`
    : row.flaky
      ? `${row.outcome} — flaky (runs gave ${row.flaky.join(', ')}), rejected, restore`
      : `${row.outcome} — rejected, restore`;
  if (row.set) {
    return [
      `trial ${trial}  set element ${row.set.index}: ${row.set.from} → ${row.set.to}`,
      `  ${list(row.trial)}  ${row.outcome} — ${row.accepted ? 'accepted' : 'rejected'}`,
    ];
  }
  const parts = row.granularity ?? 2;
  const range = row.removed ?? row.kept ?? [0, 0];
  const blocks: string[] = [];
  for (let i = 0; i < parts; i++) {
    const [lo, hi] = block(i, parts, row.before.length);
    const text = row.before.slice(lo, hi).join(',');
    const inTrial = lo === range[0] && hi === range[1];
    blocks.push(inTrial ? `(${text})` : `[${text}]`);
  }
  const move = row.removed
    ? `remove (${range[0]}..${range[1]})`
    : `keep only (${range[0]}..${range[1]})`;
  return [
    `trial ${trial}  ${parts} blocks, ${move}`,
    `  ${blocks.join('')}`,
    `  → ${list(row.trial)}  ${mark}`,
  ];
}
