import type { Span } from '../input/edit.js';
import type { Json } from '../input/kinds.js';
import type { Move } from '../isolate/move.js';
import type { Ranges } from '../isolate/ranges.js';
import type { IsolationVerification } from '../isolate/verify-isolation.js';
import type { Outcome, Verdict } from '../oracle/verdict.js';
import type { Stopped, Verification } from '../reduce/driver.js';
import type { Phase } from '../reduce/runner.js';
import type { PipelineStage, ReducerName, SyntaxMove } from '../reduce/types.js';
import type { SessionConfig } from './config.js';

/** The format name in every header. */
export const FORMAT = 'deltalab-session';

/**
 * The format versions. Version 2 sessions name their input's kind (`config.kind`,
 * `config.split`) and hold inputs of any kind, and code in any language (Python too); version 1
 * sessions hold arrays of integers only; version 2.1 sessions may isolate (`config.isolate`,
 * with `isolation` and `isolated` rows); version 2.2 sessions may hold calls with several
 * arguments (`kind: 'args'`, whose keep decisions may be bounded to one argument: `from`, `to`);
 * version 2.3 sessions may bisect a history of versions first; version 2.4 isolations store the
 * sides of each trial (`isolation` rows' `pass` and `fail`) and which side a confirmation judged
 * (`call` rows' `side`), so that nothing reading them runs `dd` again; version 2.5
 * sessions may be reduced by the pipeline, whose decisions name their stage (`stage`).
 * Readers accept both (`validate.ts` reads each by its own rules); writers write the lowest that
 * holds the session (`versionFor`), so an integer session is byte for byte what it always was.
 */
export const VERSIONS = {
  ints: '1.0',
  kinds: '2.0',
  isolate: '2.1',
  args: '2.2',
  history: '2.3',
  sides: '2.4',
  pipeline: '2.5',
} as const;

/** The first line of a session. */
export interface Header {
  type: 'header';
  format: typeof FORMAT;
  version: string;
  id: string;
  created: string;
  tool: string;
  config: SessionConfig;
}

/** A verdict as it is stored on a line: the same fields, flat, the absent ones left out. */
export type StoredVerdict = Verdict;

/**
 * One generator attempt and its verdict. Passing attempts keep only their outcome: their outputs
 * agree by definition and nothing shows them, and leaving them out keeps a 4452-attempt search
 * small enough for a link.
 */
export interface AttemptEvent extends StoredVerdict {
  seq: number;
  type: 'attempt';
  attempt: number;
  input: Json;
}

/** The search ended: with the failing attempt, or empty-handed. */
export type FoundEvent =
  | { seq: number; type: 'found'; attempt: number; input: Json }
  | {
      seq: number;
      type: 'not-found';
      attempts: number;
      message: string;
      /** How many attempts came out each way (none reproduced the chased failure). */
      outcomes?: Partial<Record<Outcome, number>>;
      /** The search's time budget ran out before its attempts did. */
      timedOut?: true;
    };

/** One oracle execution outside the search (confirmation, reduction, verification). */
export interface CallEvent extends StoredVerdict {
  seq: number;
  type: 'call';
  phase: Exclude<Phase, 'find'>;
  /** 1-based count of executions so far (cache hits are not executions). */
  execution: number;
  input: Json;
  /** An isolation's confirmation: the side it judged (format 2.4; earlier, the failing first). */
  side?: 'fail' | 'pass';
}

/** A reducer decision: which edit it tried, what the trial said, whether it was accepted. */
export interface DecisionEvent {
  seq: number;
  type: 'decision';
  /** 1-based trial number (the article's calls minus the confirmation). */
  trial: number;
  op: 'delete' | 'keep' | 'set' | 'cut';
  /** Block moves: the block. */
  lo?: number;
  hi?: number;
  /** Cut moves (`syntax`): the spans of units removed at once. */
  spans?: Span[];
  /** Cut moves: which of the syntax reducer's moves made the trial. */
  move?: SyntaxMove;
  /** Cut moves that rename: what each span was replaced by (format 2.5). */
  text?: string;
  /** The pipeline's stage the trial belongs to (format 2.5). */
  stage?: PipelineStage;
  /** Tree moves (`hdd`): the level of the tree the block is on. */
  level?: number;
  /** A keep within one argument of a call: the argument's units, kept around the block. */
  from?: number;
  to?: number;
  /** Set moves: the unit and its new value. */
  index?: number;
  value?: Json;
  granularity?: number;
  /** The size of the input before the trial, in units. */
  size: number;
  outcome: Outcome;
  accepted: boolean;
  /** Served by the outcome cache (no execution). */
  cached: boolean;
}

/** An isolation's decision: the trial `dd` made, the move it was for and the move it made. */
export interface IsolationEvent {
  seq: number;
  type: 'isolation';
  /** 1-based trial number. */
  trial: number;
  move: Move;
  /** The move the outcome made (null: none, the trial was unresolved or moves no side). */
  moved: Move | null;
  granularity: number;
  /** The block of the difference the trial is about (0-based), and its size in edits. */
  block: number;
  blockSize: number;
  /** The size of the difference before the trial, in edits. */
  size: number;
  outcome: Outcome;
  /** Served by the outcome cache (no execution). */
  cached: boolean;
  /**
   * The sides when the trial was made, as runs of the edits between the start's inputs (format
   * 2.4; earlier sessions are read by running `dd` again on their decisions).
   */
  pass?: Ranges;
  fail?: Ranges;
}

/** The verification of an isolation's result. */
export interface IsolatedEvent extends Omit<IsolationVerification, 'counterexample'> {
  seq: number;
  type: 'isolated';
}

/** The verification of the result. */
export interface VerifiedEvent extends Omit<Verification, 'executions'> {
  seq: number;
  type: 'verified';
}

/** The end summary. */
export interface EndEvent {
  seq: number;
  type: 'end';
  status: 'reduced' | 'isolated' | 'not-found' | 'not-failing' | 'cancelled' | 'error';
  message?: string;
  /**
   * A reduction's reducer. An isolation runs `dd` and names none (files of formats 2.1 to 2.3
   * store the header's there; the reader leaves it out).
   */
  reducer?: ReducerName;
  /** A reduction's result. */
  reduced?: Json;
  /**
   * An isolation's failing side found (format 2.4; earlier formats stored it as `reduced`, which
   * the reader reads as this).
   */
  fail?: Json;
  calls: number;
  executions: number;
  cacheHits: number;
  verifyExecutions: number;
  stopped?: Stopped;
  verified: boolean;
  deletionOnly?: boolean;
  /** An isolation's passing side found, and the size of the difference between the sides. */
  pass?: Json;
  difference?: number;
}

/** The input a session ended with: a reduction's result, or an isolation's failing side. */
export function endInput(end: Pick<EndEvent, 'reduced' | 'fail'>): Json | undefined {
  return end.fail ?? end.reduced;
}

/** Every event after the header, in order. */
export type SessionEvent =
  | AttemptEvent
  | FoundEvent
  | CallEvent
  | DecisionEvent
  | VerifiedEvent
  | IsolationEvent
  | IsolatedEvent
  | EndEvent;

/** A whole session in memory. */
export interface Session {
  header: Header;
  events: SessionEvent[];
  /** When read from text: the line each event came from (packed rows share a line). */
  lines?: number[];
}

/** Every event type, for validation. */
export const EVENT_TYPES: readonly SessionEvent['type'][] = [
  'attempt',
  'found',
  'not-found',
  'call',
  'decision',
  'verified',
  'isolation',
  'isolated',
  'end',
];

/** An event before it gets its sequence number. */
export type EventBody = SessionEvent extends infer E
  ? E extends unknown
    ? Omit<E, 'seq'>
    : never
  : never;
