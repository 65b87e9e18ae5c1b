import type { VersionBisectResult } from '../../core/history/version-bisect.js';
import type { Json } from '../../core/input/kinds.js';
import type { IsolationMode } from '../../core/isolate/types.js';
import type { IsolateSummary } from '../../core/run/run.js';
import type { TranscriptMessage } from '../../core/run/transcript.js';
import type { IsolatingTask } from '../../core/session/config.js';
import { printableLines } from '../../core/text/printable.js';
import { escapeInvisible, type HistoryDetail, historyDetail } from '../summary-output.js';
import { UsageError } from '../usage-error.js';
import { drawIsolation } from './draw-isolation.js';
import { type IsolationView, unitsOf, viewOf } from './view.js';

/** A dd trial as the transcript tells it (its row holds the sides and the move). */
export type TrialMessage = Extract<TranscriptMessage, { type: 'trial' }>;

/** How an isolation is printed: JSON, each trial drawn, or the difference as a unified diff. */
export type IsolationFormat = 'json' | 'text' | 'diff';

/** The name `--mode` and the output give each of the Debugging Book's modes. */
export const MODE_NAMES: Record<IsolationMode, 'diff' | 'min' | 'max'> = {
  '+-': 'diff',
  '-': 'min',
  '+': 'max',
};

/**
 * How much of the history an isolation's JSON carries unless `--history` says: every trial's
 * sides for code, only each trial's move and sizes for an external command (whose inputs are
 * whole files, folders or sets of hunks).
 */
export function isolationHistory(value: unknown, config: IsolatingTask): HistoryDetail {
  if (value !== undefined) return historyDetail(value);
  return config.code.command ? 'summary' : 'full';
}

/**
 * What `isolate` prints as JSON, and `replay` of its session too (both from the summary, the
 * config and the transcript's trials, nothing else): the two sides found and the start, of the
 * input's type; the edits between them, each with its unit; the counters and the verification;
 * for an external command the unified diff of the sides (and the files or hunks it touches).
 */
export function isolationReport(
  summary: IsolateSummary,
  config: IsolatingTask,
  trials: readonly TrialMessage[],
  history: HistoryDetail,
): Record<string, unknown> {
  const view = viewOf(config);
  const isolation = summary.isolation;
  const mode = isolation?.mode ?? config.isolate.mode;
  const tree = config.code.command?.tree;
  const head = {
    status: summary.status,
    mode: MODE_NAMES[mode],
    ...(tree ? { tree } : summary.kind ? { kind: summary.kind } : {}),
    ...(summary.split && !tree ? { split: summary.split } : {}),
    ...(summary.bisect ? { bisect: bisectReport(summary.bisect, config) } : {}),
  };
  const counters = {
    calls: summary.calls,
    executions: summary.executions,
    cacheHits: summary.cacheHits,
    verified: summary.verified,
    ...(summary.stopped ? { stopped: summary.stopped } : {}),
  };
  const message = summary.message ? { message: summary.message } : {};
  if (!isolation) return { ...head, ...counters, ...message };
  const passUnits = unitsOf(isolation.startPass, config);
  const units = isolation.difference.map((edit) =>
    edit.op === 'delete' ? (passUnits[edit.at] as Json) : edit.unit,
  );
  const added = addedUnits(summary);
  const { counterexample: _, ...verification } = isolation.verification;
  return {
    ...head,
    pass: view.side(isolation.pass),
    fail: view.side(isolation.fail),
    difference: isolation.difference.map((edit, i) => ({
      op: edit.op,
      at: edit.at,
      unit: view.unit(units[i] as Json),
      ...(edit.op === 'replace' ? { was: view.unit(passUnits[edit.at] as Json) } : {}),
    })),
    ...(view.named ? view.named(units) : {}),
    ...(view.patch ? { patch: view.patch(isolation.pass, isolation.fail, added) } : {}),
    ...(isolation.failExpected !== undefined ? { failExpected: isolation.failExpected } : {}),
    ...(isolation.failActual !== undefined ? { failActual: isolation.failActual } : {}),
    ...counters,
    verification,
    startPass: view.side(isolation.startPass),
    startFail: view.side(summary.original ?? isolation.fail),
    ...message,
    ...(history === 'none' ? {} : { history: trials.map((trial) => rowOf(trial, view, history)) }),
  };
}

/** The units the difference adds to the passing side. */
function addedUnits(summary: IsolateSummary): Json[] {
  const difference = summary.isolation?.difference ?? [];
  return difference.flatMap((edit) => (edit.op === 'delete' ? [] : [edit.unit]));
}

/**
 * Prints an isolation as `format` asks; returns the exit status it calls for: 0 when isolated
 * and verified, 1 otherwise (stopped by a budget, or a verification property that fails). A
 * diff the view has as bytes (git's hunks) goes to `write` as they are.
 */
export function printIsolation(
  summary: IsolateSummary,
  config: IsolatingTask,
  trials: readonly TrialMessage[],
  format: IsolationFormat,
  history: HistoryDetail,
  out: (text: string) => void,
  write: (bytes: Uint8Array) => void = (bytes) => process.stdout.write(bytes),
): number {
  if (summary.status === 'not-failing') {
    throw new UsageError(summary.message ?? 'a side does not do what isolation needs of it');
  }
  if (format === 'text') out(drawIsolation(summary, config, trials));
  else if (format === 'json') {
    const report = isolationReport(summary, config, trials, history);
    out(escapeInvisible(JSON.stringify(report, null, 2)));
  } else if (viewOf(config).patchBytes) {
    const found = summary.isolation !== undefined;
    const bytes = found ? viewOf(config).patchBytes?.(addedUnits(summary)) : undefined;
    if (bytes !== undefined && bytes.length > 0) write(bytes);
  } else {
    const { patch } = isolationReport(summary, config, trials, 'none');
    // Escaped as the text drawing is: the files' lines may hold terminal escapes.
    if (typeof patch === 'string' && patch !== '') out(printableLines(patch.replace(/\n$/, '')));
  }
  return summary.status === 'isolated' && summary.verified ? 0 : 1;
}

/** One trial of the history: its sides and the input tried (`full`), its move, sizes, outcome. */
function rowOf(message: TrialMessage, view: IsolationView, history: HistoryDetail) {
  const { row } = message;
  const step = row.isolation;
  const sides =
    history === 'full' && step
      ? { pass: view.side(step.pass), fail: view.side(row.before), trial: view.side(row.trial) }
      : {};
  return {
    ...sides,
    ...(step
      ? {
          move: step.move,
          moved: step.moved,
          granularity: row.granularity,
          block: step.block,
          blockSize: step.blockSize,
          size: step.size,
        }
      : {}),
    outcome: row.outcome,
    cached: message.cached,
  };
}

/** A history's bisection in a report: the versions by label, and the tests it took. */
function bisectReport(result: VersionBisectResult, config: IsolatingTask): Record<string, unknown> {
  const versions = config.task === 'history' ? config.changes.versions : [];
  const label = (i: number) => versions[i]?.label ?? null;
  return {
    lastGood: label(result.lastGood),
    firstBad: label(result.firstBad),
    skipped: result.skipped.map(label),
    tests: result.tests,
  };
}
