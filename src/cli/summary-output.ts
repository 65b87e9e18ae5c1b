import { type Shape, shapeOf } from '../core/input/kinds.js';
import { sizeOf } from '../core/input/value.js';
import { stagesOf } from '../core/reduce/stages.js';
import type { HistoryRow } from '../core/reduce/types.js';
import type { ReduceSummary } from '../core/run/run.js';
import type { SessionConfig } from '../core/session/config.js';
import { drawSummary } from './draw-reduction.js';
import { UsageError } from './usage-error.js';

/** How much of the history a JSON summary carries. */
export type HistoryDetail = 'full' | 'summary' | 'none';

/** Help lines for the output options of `reduce` and `replay`. */
export const OUTPUT_HELP = `  --format F       json (default) | text (each trial drawn as in the article)
  --history H      full (default: every trial with its inputs) | summary (each trial's move,
                   sizes and outcome, no inputs) | none: for long reductions of long inputs`;

/** Reads `--history`. */
export function historyDetail(value: unknown): HistoryDetail {
  if (value === undefined) return 'full';
  if (value === 'full' || value === 'summary' || value === 'none') return value;
  throw new UsageError(`unknown --history "${String(value)}"; use full, summary or none`);
}

/** A history row without its inputs: the move, the sizes in units before and after, the outcome. */
function rowSummary(row: HistoryRow, shape: Shape) {
  const { before, trial, ...rest } = row;
  return { ...rest, size: sizeOf(before, shape), trialSize: sizeOf(trial, shape) };
}

/** Prints a summary and returns the exit status it calls for. */
export function report(
  summary: ReduceSummary,
  format: string,
  out: (text: string) => void,
  history: HistoryDetail = 'full',
  config: Pick<SessionConfig, 'kind' | 'split'> = summary,
): number {
  if (summary.status === 'not-failing') {
    throw new UsageError(summary.message ?? 'the input does not fail');
  }
  if (format === 'text') out(drawSummary(summary, config));
  else {
    const shape = shapeOf(config);
    const passes = stagesOf(summary.history, (input) => sizeOf(input, shape));
    const withStages = passes.length > 0 ? { ...summary, stages: passes } : summary;
    const shown =
      history === 'full'
        ? withStages
        : history === 'none'
          ? { ...withStages, history: undefined }
          : { ...withStages, history: summary.history.map((row) => rowSummary(row, shape)) };
    let text: string;
    try {
      text = JSON.stringify(shown, null, 2);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      throw new Error('the summary is too large to print whole: use --history summary or none');
    }
    out(escapeInvisible(text));
  }
  return summary.status === 'reduced' && summary.verified ? 0 : 1;
}

/**
 * JSON text with the characters JSON.stringify leaves as they are but a terminal may act on
 * (DEL, the C1 controls, the line and paragraph separators) written as `\u` escapes: they can
 * only stand inside strings, where an escape means the same.
 */
export function escapeInvisible(json: string): string {
  return json.replace(
    /[\u007f-\u009f\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
