import type { Json } from '../../core/input/kinds.js';
import type { Move } from '../../core/isolate/move.js';
import type { HistoryRow } from '../../core/reduce/types.js';
import type { IsolateSummary } from '../../core/run/run.js';
import type { TranscriptMessage } from '../../core/run/transcript.js';
import type { IsolatingTask } from '../../core/session/config.js';
import { printable } from '../../core/text/printable.js';
import { viewOf } from './view.js';

/** What each move makes of the trial's input, in a few words. */
const MOVES: Record<Move, string> = {
  'reduce-to-subset': 'reduce to subset: the failing side now',
  'increase-to-complement': 'increase to complement: the passing side now',
  'increase-to-subset': 'increase to subset: the passing side now',
  'reduce-to-complement': 'reduce to complement: the failing side now',
};

/**
 * An isolation as text, drawing each `dd` trial: the two sides as they stood, the block of the
 * difference tried (added to the passing side, or taken from the failing one), the input that
 * made, its outcome and the move it made. What came from user code or a session is clipped (see
 * the view) and printed with its control characters escaped (see printable).
 */
export function drawIsolation(
  summary: IsolateSummary,
  config: IsolatingTask,
  trials: readonly Extract<TranscriptMessage, { type: 'trial' }>[],
): string {
  const view = viewOf(config);
  const isolation = summary.isolation;
  const lines: string[] = [];
  const start = isolation?.startPass ?? config.isolate.pass;
  if (start !== undefined && summary.original !== undefined) {
    lines.push(
      'start',
      `  pass  ${view.line(start)}`,
      `  fail  ${view.line(summary.original)}`,
      '',
    );
  }
  for (const { trial, row } of trials) lines.push(...drawTrial(trial, row, view.line), '');
  if (isolation) {
    const edits = isolation.difference.length;
    lines.push(
      `isolated: ${edits} edit${edits === 1 ? '' : 's'} apart`,
      `  pass  ${view.line(isolation.pass)}`,
      `  fail  ${view.line(isolation.fail)}`,
      `${summary.calls} calls (${summary.executions} executions, ${summary.cacheHits} cache hits)`,
      summary.verified
        ? 'verified: the passing side passes, the failing side fails, the difference is 1-minimal'
        : `not verified: ${isolation.verification.problems.join('; ') || summary.stopped || summary.status}`,
    );
  } else if (summary.message) lines.push(summary.message);
  return lines.map(printable).join('\n');
}

/** One trial: the sides, the block tried, the input it made, its outcome and move. */
function drawTrial(trial: number, row: HistoryRow, line: (input: Json) => string): string[] {
  const step = row.isolation;
  if (!step) return [`trial ${trial}  ${line(row.trial)}  ${row.outcome}`];
  const subset = step.move === 'reduce-to-subset' || step.move === 'increase-to-subset';
  const block = `block ${step.block + 1} of ${row.granularity ?? 2} (${step.blockSize} of ${step.size} edits)`;
  const what = subset
    ? `${block} added to the passing side`
    : `${block} taken from the failing side`;
  const made = step.moved ? MOVES[step.moved] : 'no move';
  return [
    `trial ${trial}  ${what}`,
    `  pass  ${line(step.pass)}`,
    `  fail  ${line(row.before)}`,
    `  → ${line(row.trial)}  ${row.outcome} — ${made}`,
  ];
}
