import { KINDS } from '../core/input/kinds/registry.js';
import { type Json, type Shape, shapeOf } from '../core/input/kinds.js';
import { showUnits, showInput as showWhole } from '../core/input/show.js';
import { toUnits, unitNoun } from '../core/input/units.js';
import { sizeOf } from '../core/input/value.js';
import { formatOutput } from '../core/oracle/output.js';
import { block } from '../core/reduce/blocks.js';
import { stageLines, stagesOf } from '../core/reduce/stages.js';
import type { HistoryRow } from '../core/reduce/types.js';
import type { ReduceSummary } from '../core/run/run.js';
import type { SessionConfig } from '../core/session/config.js';
import { clipText } from '../core/text/clip.js';
import { printable } from '../core/text/printable.js';

/** An input as a line of the drawing: clipped for display (see clipText). */
const showInput = (value: Json) => clipText(showWhole(value));

/**
 * The summary as text, drawing every trial as the article does: the current input split into
 * blocks, the block under trial marked, the outcome and whether it was accepted. What came from
 * user code or a session (inputs, outputs, messages) is clipped for display and printed with its
 * control characters escaped (see printable): a crafted session cannot write to the terminal.
 */
export function drawSummary(
  summary: ReduceSummary,
  config: Pick<SessionConfig, 'kind' | 'split'> = {},
): string {
  const shape = shapeOf(config);
  const lines: string[] = [];
  if (summary.attempts !== undefined) {
    lines.push(
      `seed ${summary.seed}: attempt ${summary.attempts} ${summary.original ? 'fails' : 'not found'}`,
    );
  }
  if (summary.original !== undefined) {
    lines.push(
      `start  ${showInput(summary.original)}  expected ${formatOutput(summary.expected)}, actual ${formatOutput(summary.actual)}`,
      '',
    );
  }
  summary.history.forEach((row, i) => {
    lines.push(...drawRow(row, i + 1, shape), '');
  });
  if (summary.reduced !== undefined) {
    lines.push(
      `reduced ${showInput(summary.reduced)}  expected ${formatOutput(summary.reducedExpected)}, actual ${formatOutput(summary.reducedActual)}`,
      ...stageLines(
        stagesOf(summary.history, (input) => sizeOf(input, shape)),
        unitNoun(shape),
      ),
      `${summary.calls} calls (${summary.executions} executions, ${summary.cacheHits} cache hits), reducer ${summary.reducer}`,
      ...flakyLine(summary.history),
      ...(summary.unparsed
        ? [`${summary.unparsed} of the executions did not parse and ran nothing`]
        : []),
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
  return lines.map(printable).join('\n');
}

function flakyLine(history: readonly HistoryRow[]): string[] {
  const flaky = history.filter((row) => row.flaky).length;
  return flaky > 0
    ? [`${flaky} flaky trial${flaky === 1 ? '' : 's'}: re-runs disagreed, never accepted`]
    : [];
}

function drawRow(row: HistoryRow, trial: number, shape: Shape): string[] {
  // The outcome as it is: a chased crash is CRASH, never relabelled FAIL.
  const mark = row.accepted
    ? `${row.outcome} — accepted, continue from here`
    : row.flaky
      ? `${row.outcome} — flaky (runs gave ${row.flaky.join(', ')}), rejected, restore`
      : `${row.outcome} — rejected, restore`;
  if (row.set) {
    return [
      `trial ${trial}  set ${KINDS[shape.kind].text ? 'unit' : 'element'} ${row.set.index}: ${showInput(row.set.from)} → ${showInput(row.set.to)}`,
      `  ${showInput(row.trial)}  ${row.outcome} — ${row.accepted ? 'accepted' : 'rejected'}`,
    ];
  }
  if (row.cut) {
    const spans = row.cut.map(([lo, hi]) => `${lo}..${hi}`).join(', ');
    const what = row.cutText !== undefined ? `rename to ${showInput(row.cutText)}` : 'cut';
    const stage = row.stage !== undefined ? `${row.stage}, ${row.move}: ` : '';
    return [
      `trial ${trial}  ${stage}${what} ${row.cut.length === 1 ? 'span' : `${row.cut.length} spans`} (${spans})`,
      `  → ${showInput(row.trial)}  ${mark}`,
    ];
  }
  if (row.level !== undefined && row.removed) {
    const [lo, hi] = row.removed;
    return [
      `trial ${trial}  level ${row.level}, ${row.granularity ?? 1} blocks, remove nodes (${lo}..${hi})`,
      `  → ${showInput(row.trial)}  ${mark}`,
    ];
  }
  const units = toUnits(row.before, shape);
  const parts = row.granularity ?? 2;
  const range = row.removed ?? row.kept ?? [0, 0];
  const blocks: string[] = [];
  for (let i = 0; i < parts; i++) {
    const [lo, hi] = block(i, parts, units.length);
    const text = clipText(showUnits(units.slice(lo, hi), shape));
    const inTrial = lo === range[0] && hi === range[1];
    blocks.push(inTrial ? `(${text})` : `[${text}]`);
  }
  const move = row.removed
    ? `remove (${range[0]}..${range[1]})`
    : `keep only (${range[0]}..${range[1]})`;
  return [
    `trial ${trial}  ${parts} blocks, ${move}`,
    `  ${blocks.join('')}`,
    `  → ${showInput(row.trial)}  ${mark}`,
  ];
}
