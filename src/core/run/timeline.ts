import type { VersionBisectResult } from '../history/version-bisect.js';
import { INT_ARRAY, type Json, type Shape } from '../input/kinds.js';
import type { IsolationVerification } from '../isolate/verify-isolation.js';
import type { Outcome } from '../oracle/verdict.js';
import type { Counters, Verification } from '../reduce/driver.js';
import type { HistoryRow } from '../reduce/types.js';
import { type EndEvent, endInput, type StoredVerdict } from '../session/events.js';
import type { TranscriptMessage } from './transcript.js';
import type { VersionBisectStep } from './version-bisect-transcript.js';

/**
 * One picture of the reduction, as the player shows it. The transcript's progress messages are
 * not frames: they only move the search's progress bar.
 */
export type Frame =
  | { type: 'found'; attempt: number | null; input: Json; verdict: StoredVerdict }
  | {
      type: 'confirmed';
      input: Json;
      verdict: StoredVerdict;
      counters: Counters;
      /** Which side an isolation confirmed (absent in a reduction). */
      side?: 'fail' | 'pass';
    }
  | {
      type: 'trial';
      trial: number;
      row: HistoryRow;
      verdict: StoredVerdict;
      cached: boolean;
      counters: Counters;
    }
  | {
      type: 'end';
      end: Omit<EndEvent, 'seq' | 'type'>;
      verification: Omit<Verification, 'executions'> | null;
      counters: Counters;
      /** How many inputs the search tried, and how they came out (when none failed). */
      attempts?: number;
      outcomes?: Partial<Record<Outcome, number>>;
      /** The last attempt's verdict, with its error (when none failed). */
      last?: StoredVerdict;
      /** The verdict of the start input (it tells why a reduction could not begin). */
      start?: StoredVerdict;
      /** An isolation's verification (an isolation's end has no reduction's). */
      isolated?: Omit<IsolationVerification, 'counterexample'>;
      /** The verdict of the input the run ended with (the last accepted trial's, or the start's). */
      final?: StoredVerdict;
    };

/** A history's bisection as far as the messages tell it (not frames: the player steps dd's). */
export interface Bisection {
  steps: VersionBisectStep[];
  result: VersionBisectResult | null;
}

/** The state of a search, from its progress messages. */
export interface SearchProgress {
  attempts: number;
  maxAttempts: number;
  found: boolean | null;
  message?: string;
  outcomes?: Partial<Record<Outcome, number>>;
  last?: StoredVerdict;
}

/**
 * Frames and search progress built from transcript messages, kept up to date as they arrive.
 * Only the messages change it (and the shape, told once before them).
 */
export class Timeline {
  readonly #frames: Frame[] = [];
  #shape: Shape;
  #progress: SearchProgress | null = null;
  #verification: Omit<Verification, 'executions'> | null = null;
  #isolated: Omit<IsolationVerification, 'counterexample'> | null = null;
  #start: StoredVerdict | null = null;
  /** The verdict of the current input: the start's, then each accepted trial's. */
  #final: StoredVerdict | null = null;
  #counters: Counters = { calls: 0, executions: 0, cacheHits: 0 };
  readonly #bisection: Bisection = { steps: [], result: null };

  constructor(shape: Shape = INT_ARRAY) {
    this.#shape = shape;
  }

  /** Builds a timeline from a whole transcript. */
  static of(messages: readonly TranscriptMessage[], shape: Shape = INT_ARRAY): Timeline {
    const timeline = new Timeline(shape);
    for (const message of messages) timeline.push(message);
    return timeline;
  }

  /** The frames so far, in order. */
  get frames(): readonly Frame[] {
    return this.#frames;
  }

  /** How the frames' inputs are cut into units (the article's integer arrays unless told). */
  get shape(): Shape {
    return this.#shape;
  }

  /** A history's bisection: its steps so far and its end (no steps when there is none). */
  get bisection(): Bisection {
    return this.#bisection;
  }

  /** Where the search is, from its progress messages; null before any. */
  get progress(): SearchProgress | null {
    return this.#progress;
  }

  /**
   * Says how the run's inputs are cut into units: a run tells it once, before its first message
   * (a live run learns it only as it starts).
   */
  cutInto(shape: Shape): void {
    this.#shape = shape;
  }

  /** Whether the run has ended. */
  get ended(): boolean {
    return this.#frames.at(-1)?.type === 'end';
  }

  /** Takes the next message of the transcript. */
  push(message: TranscriptMessage): void {
    switch (message.type) {
      case 'progress':
        this.#progress = {
          attempts: message.attempts,
          maxAttempts: message.maxAttempts,
          found: this.#progress?.found ?? null,
        };
        return;
      case 'found':
        this.#progress = {
          ...(this.#progress ?? { attempts: message.attempt, maxAttempts: message.attempt }),
          found: true,
        };
        this.#frames.push({
          type: 'found',
          attempt: message.attempt,
          input: message.input,
          verdict: message.verdict,
        });
        return;
      case 'not-found':
        this.#progress = {
          attempts: message.attempts,
          maxAttempts: this.#progress?.maxAttempts ?? message.attempts,
          found: false,
          message: message.message,
          ...(message.outcomes ? { outcomes: message.outcomes } : {}),
          ...(message.last ? { last: message.last } : {}),
        };
        return;
      case 'confirmed':
        this.#counters = message.counters;
        if (!this.#frames.some((frame) => frame.type === 'found')) {
          this.#frames.push({
            type: 'found',
            attempt: null,
            input: message.input,
            verdict: message.verdict,
          });
        }
        this.#start = message.verdict;
        if (message.side !== 'pass') this.#final = message.verdict;
        this.#frames.push({
          type: 'confirmed',
          input: message.input,
          verdict: message.verdict,
          counters: message.counters,
          ...(message.side ? { side: message.side } : {}),
        });
        return;
      case 'trial':
        this.#counters = message.counters;
        if (message.row.accepted) this.#final = message.verdict;
        this.#frames.push({
          type: 'trial',
          trial: message.trial,
          row: message.row,
          verdict: message.verdict,
          cached: message.cached,
          counters: message.counters,
        });
        return;
      case 'bisect':
        this.#bisection.steps.push(message.step);
        return;
      case 'bisected':
        this.#bisection.result = message.result;
        return;
      case 'verified':
        this.#verification = message.verification;
        return;
      case 'isolated':
        this.#isolated = message.verification;
        return;
      case 'end':
        this.#frames.push({
          type: 'end',
          end: message.end,
          verification: this.#verification,
          counters: this.#counters,
          ...(this.#progress ? { attempts: this.#progress.attempts } : {}),
          ...(this.#progress?.outcomes ? { outcomes: this.#progress.outcomes } : {}),
          ...(this.#progress?.last ? { last: this.#progress.last } : {}),
          ...(this.#start ? { start: this.#start } : {}),
          ...(this.#isolated ? { isolated: this.#isolated } : {}),
          ...(this.#final ? { final: this.#final } : {}),
        });
        return;
    }
  }
}

/** The input a frame shows after its move (the current input once the frame is done). */
export function inputAfter(frame: Frame): Json {
  switch (frame.type) {
    case 'found':
    case 'confirmed':
      return frame.input;
    case 'trial':
      return frame.row.accepted ? frame.row.trial : frame.row.before;
    case 'end':
      return endInput(frame.end) ?? null;
  }
}

/** The counters as of a frame. */
export function countersAt(frame: Frame | undefined): Counters {
  if (!frame || frame.type === 'found') return { calls: 0, executions: 0, cacheHits: 0 };
  return frame.counters;
}
