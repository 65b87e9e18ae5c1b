import type { VersionBisectResult } from '../history/version-bisect.js';
import type { InputKind, Json, Split } from '../input/kinds.js';
import type { UnitEdit } from '../isolate/edits.js';
import type { IsolationMode } from '../isolate/types.js';
import type { IsolationVerification } from '../isolate/verify-isolation.js';
import type { Verdict } from '../oracle/verdict.js';
import type { DriveResult } from '../reduce/driver.js';
import type { HistoryRow, ReducerName } from '../reduce/types.js';
import type { EndEvent, SessionEvent, StoredVerdict } from '../session/events.js';
import type { Task } from '../session/task.js';

/** What every finished session reports, whatever its task. */
export interface CommonSummary {
  /** What the session did (its config's task). */
  task: Task;
  status: EndEvent['status'];
  /** The kind of input, unless it is the article's array of integers. */
  kind?: InputKind;
  /** How a string was cut into units. */
  split?: Split;
  message?: string;
  seed?: number | string;
  attempts?: number;
  /** The failing input the session started from (found or given), and its outputs. */
  original?: Json;
  expected?: Verdict['expected'];
  actual?: Verdict['actual'];
  calls: number;
  executions: number;
  cacheHits: number;
  verified: boolean;
  stopped?: DriveResult['stopped'];
}

/**
 * What a reduction reports: the article's fields (`seed, attempts, original, expected, actual,
 * reduced, reducedExpected, reducedActual, calls, history`) plus the product's own.
 */
export interface ReduceSummary extends CommonSummary {
  task: 'reduce';
  reducer: ReducerName;
  reduced?: Json;
  reducedExpected?: Verdict['expected'];
  reducedActual?: Verdict['actual'];
  history: HistoryRow[];
  deletionOnly?: boolean;
  verification?: DriveResult['verification'];
  /**
   * Executions that ran nothing because the trial did not parse (syntax reductions; counted in
   * `executions` too): the test ran `executions` less these times.
   */
  unparsed?: number;
}

/** What an isolation reports (of inputs, of code, of a history's versions). */
export interface IsolateSummary extends CommonSummary {
  task: Exclude<Task, 'reduce'>;
  /** Where a history's bisection ended (the isolation is then between its two versions). */
  bisect?: VersionBisectResult;
  /** The sides it found, once it isolated. */
  isolation?: IsolationSummary;
}

/** What a finished session reports, by its task. */
export type RunSummary = ReduceSummary | IsolateSummary;

/** What an isolation found: its sides, the edits between them, and their verification. */
export interface IsolationSummary {
  mode: IsolationMode;
  /** The passing input it started from. */
  startPass: Json;
  pass: Json;
  /** The failing side found, and its outputs. */
  fail: Json;
  failExpected?: Verdict['expected'];
  failActual?: Verdict['actual'];
  difference: UnitEdit[];
  verification: IsolationVerification;
}

/** Options of {@link runSession}. */
export interface RunOptions {
  /** Receives every session event, in order (the recorder, the transcript). */
  onEvent?: (event: SessionEvent) => void;
  /** The time source for the search's and the reduction's time budgets. */
  clock?: () => number;
  /** The largest batch of generated inputs per request (1 for replay). */
  batchSize?: number;
}

/** The stored form of a verdict: only the fields that are present. */
export function storedVerdict(verdict: Verdict, keepOutputs = true): StoredVerdict {
  const stored: StoredVerdict = { outcome: verdict.outcome };
  if (keepOutputs) {
    if (verdict.expected !== undefined) stored.expected = verdict.expected;
    if (verdict.actual !== undefined) stored.actual = verdict.actual;
    if (verdict.error) stored.error = verdict.error;
    // Durations are noise beyond a hundredth of a millisecond, and noise does not compress.
    if (verdict.ms !== undefined) stored.ms = Math.round(verdict.ms * 100) / 100;
  }
  if (verdict.flaky) stored.flaky = verdict.flaky;
  return stored;
}

/** `summary` as a reduction's: the summary of a session whose config reduces. */
export function reductionOf(summary: RunSummary): ReduceSummary {
  if (summary.task !== 'reduce') throw new Error(`a ${summary.task} session has no reduction`);
  return summary;
}

/** `summary` as an isolation's: the summary of a session whose config isolates. */
export function isolationOf(summary: RunSummary): IsolateSummary {
  if (summary.task === 'reduce') throw new Error('a reduction has no isolation');
  return summary;
}
