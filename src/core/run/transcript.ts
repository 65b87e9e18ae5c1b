import type { VersionBisectResult } from '../history/version-bisect.js';
import { applyEdit } from '../input/edit.js';
import { copyInput, type Json, type Shape, shapeOf } from '../input/kinds.js';
import { toUnits } from '../input/units.js';
import type { IsolationVerification } from '../isolate/verify-isolation.js';
import type { Outcome } from '../oracle/verdict.js';
import { OutcomeCache } from '../reduce/cache.js';
import type { Counters, Verification } from '../reduce/driver.js';
import { type HistoryRow, historyRow } from '../reduce/types.js';
import { DEFAULT_MAX_ATTEMPTS } from '../session/config.js';
import type {
  AttemptEvent,
  EndEvent,
  Header,
  SessionEvent,
  StoredVerdict,
} from '../session/events.js';
import { editOf } from '../session/format/state.js';
import { isolates } from '../session/task.js';
import { IsolationTrials } from './isolation-transcript.js';
import { type VersionBisectStep, VersionBisectTrials } from './version-bisect-transcript.js';

/**
 * The messages the UI receives from the reducer worker, in order. They are a pure function of
 * the session's events, so a live run and its replay send exactly the same messages.
 */
export type TranscriptMessage =
  | { type: 'progress'; attempts: number; maxAttempts: number }
  | { type: 'found'; attempt: number; input: Json; verdict: StoredVerdict }
  | {
      type: 'not-found';
      attempts: number;
      message: string;
      outcomes?: Partial<Record<Outcome, number>>;
      /** The last attempt's verdict (with its error), when no attempt failed the chased way. */
      last?: StoredVerdict;
    }
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
  | { type: 'bisect'; step: VersionBisectStep }
  | { type: 'bisected'; result: VersionBisectResult }
  | { type: 'verified'; verification: Omit<Verification, 'executions'> }
  | { type: 'isolated'; verification: Omit<IsolationVerification, 'counterexample'> }
  | { type: 'end'; end: Omit<EndEvent, 'seq' | 'type'> };

/** Attempts between two progress messages of a search. */
export const PROGRESS_EVERY = 500;

/** Turns session events into transcript messages, one event at a time. */
export class TranscriptBuilder {
  readonly #maxAttempts: number;
  #current: Json | null;
  readonly #shape: Shape;
  /** The reduction call just made, waiting for its decision. */
  #pending: { input: Json; verdict: StoredVerdict } | null = null;
  /** The last attempt (the found one, when `found` arrives); its verdict read when needed. */
  #attempt: AttemptEvent | null = null;
  /** Every verdict by its input, for cached decisions (inputs held, never copied or joined). */
  readonly #seen = new OutcomeCache();
  readonly #counters: Counters = { calls: 0, executions: 0, cacheHits: 0 };
  /** The attempt count of the last progress message (a search's end does not repeat it). */
  #progressed = -1;

  /** An isolation's trials, when the session isolates. */
  readonly #isolation: IsolationTrials | null;
  /** A history's bisection, when the session bisects one first. */
  readonly #bisection: VersionBisectTrials | null;

  constructor(header: Header) {
    this.#maxAttempts = header.config.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    this.#current = header.config.input === undefined ? null : copyInput(header.config.input);
    this.#shape = shapeOf(header.config);
    const { config } = header;
    this.#isolation = isolates(config) ? new IsolationTrials(config.isolate, this.#shape) : null;
    this.#bisection =
      config.task === 'history'
        ? new VersionBisectTrials(config.changes.versions, config.chase)
        : null;
  }

  /** The messages one event gives rise to (often none). */
  push(event: SessionEvent): TranscriptMessage[] {
    switch (event.type) {
      case 'attempt':
        this.#attempt = event;
        return event.attempt % PROGRESS_EVERY === 0 ? this.#progress(event.attempt) : [];
      case 'found':
        this.#current = copyInput(event.input);
        return [
          ...this.#progress(event.attempt),
          {
            type: 'found',
            attempt: event.attempt,
            input: event.input,
            verdict: this.#attemptVerdict(),
          },
        ];
      case 'not-found':
        return [
          ...this.#progress(event.attempts),
          {
            type: 'not-found',
            attempts: event.attempts,
            message: event.message,
            ...(event.outcomes ? { outcomes: event.outcomes } : {}),
            ...(event.outcomes ? { last: this.#attemptVerdict() } : {}),
          },
        ];
      case 'call': {
        const {
          seq: _seq,
          type: _type,
          phase,
          execution: _execution,
          input,
          side: confirmedSide,
          ...verdict
        } = event;
        if (phase === 'bisect') return this.#bisect(input, verdict);
        this.#seen.set(input, verdict);
        if (phase === 'verify') return [];
        this.#counters.executions++;
        if (phase === 'reduce') {
          this.#pending = { input, verdict };
          return [];
        }
        this.#counters.calls++;
        if (!this.#isolation) {
          this.#current = copyInput(input);
          return [{ type: 'confirmed', input, verdict, counters: { ...this.#counters } }];
        }
        // An isolation confirms its failing side, then its passing side (sessions before format
        // 2.4 do not say which).
        const side = confirmedSide ?? (this.#counters.calls === 1 ? 'fail' : 'pass');
        if (side === 'fail') this.#isolation.start(input, this.#bisection?.pass ?? undefined);
        return [{ type: 'confirmed', input, verdict, counters: { ...this.#counters }, side }];
      }
      case 'isolation': {
        const pending = this.#pending;
        this.#pending = null;
        const row = (this.#isolation as IsolationTrials).row(event);
        const verdict = event.cached
          ? (this.#seen.get(row.trial) ?? { outcome: event.outcome })
          : (pending?.verdict ?? { outcome: event.outcome });
        this.#counters.calls++;
        if (event.cached) this.#counters.cacheHits++;
        return [
          {
            type: 'trial',
            trial: event.trial,
            row,
            verdict,
            cached: event.cached,
            counters: { ...this.#counters },
          },
        ];
      }
      case 'isolated': {
        const { seq: _seq, type: _type, ...verification } = event;
        return [{ type: 'isolated', verification }];
      }
      case 'decision': {
        const before = this.#current ?? [];
        const edit = editOf(event);
        // The call just made judged this very trial: its input is the trial, already built.
        const pending = this.#pending;
        this.#pending = null;
        const trial =
          !event.cached && pending ? pending.input : applyEdit(before, edit, this.#shape);
        const verdict = event.cached
          ? (this.#seen.get(trial) ?? { outcome: event.outcome })
          : (pending?.verdict ?? { outcome: event.outcome });
        this.#counters.calls++;
        if (event.cached) this.#counters.cacheHits++;
        const row = historyRow(
          before,
          {
            input: trial,
            edit,
            ...(event.move !== undefined ? { move: event.move } : {}),
            ...(event.stage !== undefined ? { stage: event.stage } : {}),
            ...(event.granularity !== undefined ? { granularity: event.granularity } : {}),
          },
          {
            outcome: event.outcome,
            chased: event.accepted,
            ...(verdict.flaky ? { flaky: verdict.flaky } : {}),
          },
          edit.op === 'set' ? toUnits(before, this.#shape) : undefined,
        );
        if (event.accepted) this.#current = trial;
        return [
          {
            type: 'trial',
            trial: event.trial,
            row,
            verdict,
            cached: event.cached,
            counters: { ...this.#counters },
          },
        ];
      }
      case 'verified': {
        const { seq: _seq, type: _type, ...verification } = event;
        return [{ type: 'verified', verification }];
      }
      case 'end': {
        const { seq: _seq, type: _type, ...end } = event;
        return [{ type: 'end', end }];
      }
    }
  }

  /** The messages of a history's `bisect` call: its step, and the end once it is reached. */
  #bisect(input: Json, verdict: StoredVerdict): TranscriptMessage[] {
    if (!this.#bisection) throw new Error('a bisect call in a session without a history');
    const step = this.#bisection.step(input, verdict);
    const result = this.#bisection.result;
    return [{ type: 'bisect', step }, ...(result ? [{ type: 'bisected' as const, result }] : [])];
  }

  /** The last attempt's verdict as stored (PASS before any attempt). */
  #attemptVerdict(): StoredVerdict {
    if (!this.#attempt) return { outcome: 'PASS' };
    const { seq: _seq, type: _type, attempt: _attempt, input: _input, ...verdict } = this.#attempt;
    return verdict;
  }

  /**
   * A progress message for `attempts`, unless the last one said the same: every 500th attempt
   * reports, whatever its outcome, and the search's end reports once more unless it fell on one.
   */
  #progress(attempts: number): TranscriptMessage[] {
    if (attempts === this.#progressed) return [];
    this.#progressed = attempts;
    return [{ type: 'progress', attempts, maxAttempts: this.#maxAttempts }];
  }
}
