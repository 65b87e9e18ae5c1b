import type { Counters, Verification } from '../reduce/driver.js';
import { applyEdit, type HistoryRow } from '../reduce/types.js';
import type { EndEvent, Header, SessionEvent, StoredVerdict } from './events.js';
import { editOf } from './state.js';

/**
 * The messages the UI receives from the reducer worker, in order. They are a pure function of
 * the session's events, so a live run and its replay send exactly the same messages.
 */
export type TranscriptMessage =
  | { type: 'progress'; attempts: number; maxAttempts: number }
  | { type: 'found'; attempt: number; input: number[]; verdict: StoredVerdict }
  | { type: 'not-found'; attempts: number; message: string }
  | { type: 'confirmed'; input: number[]; verdict: StoredVerdict; counters: Counters }
  | {
      type: 'step';
      trial: number;
      row: HistoryRow;
      verdict: StoredVerdict;
      cached: boolean;
      counters: Counters;
    }
  | { type: 'verified'; verification: Omit<Verification, 'executions'> }
  | { type: 'end'; end: Omit<EndEvent, 'seq' | 'type'> };

/** Attempts between two progress messages of a search. */
export const PROGRESS_EVERY = 500;

/** Turns session events into transcript messages, one event at a time. */
export class TranscriptBuilder {
  readonly #maxAttempts: number;
  #current: number[] | null;
  #pending: StoredVerdict | null = null;
  /** The verdict of the last attempt (the found one, when `found` arrives). */
  #attempt: StoredVerdict = { outcome: 'PASS' };
  readonly #seen = new Map<string, StoredVerdict>();
  readonly #counters: Counters = { calls: 0, executions: 0, cacheHits: 0 };
  /** The attempt count of the last progress message (a search's end does not repeat it). */
  #progressed = -1;

  constructor(header: Header) {
    this.#maxAttempts = header.config.maxAttempts ?? 0;
    this.#current = header.config.input?.slice() ?? null;
  }

  /** The messages one event gives rise to (often none). */
  push(event: SessionEvent): TranscriptMessage[] {
    switch (event.type) {
      case 'attempt': {
        const { seq: _seq, type: _type, attempt: _attempt, input: _input, ...verdict } = event;
        this.#attempt = verdict;
        return event.attempt % PROGRESS_EVERY === 0 ? this.#progress(event.attempt) : [];
      }
      case 'found':
        this.#current = event.input.slice();
        return [
          ...this.#progress(event.attempt),
          { type: 'found', attempt: event.attempt, input: event.input, verdict: this.#attempt },
        ];
      case 'not-found':
        return [
          ...this.#progress(event.attempts),
          { type: 'not-found', attempts: event.attempts, message: event.message },
        ];
      case 'call': {
        const { seq: _seq, type: _type, phase, execution: _execution, input, ...verdict } = event;
        this.#seen.set(input.join(','), verdict);
        if (phase === 'verify') return [];
        this.#counters.executions++;
        if (phase === 'reduce') {
          this.#pending = verdict;
          return [];
        }
        this.#counters.calls++;
        this.#current = input.slice();
        return [{ type: 'confirmed', input, verdict, counters: { ...this.#counters } }];
      }
      case 'decision': {
        const before = this.#current ?? [];
        const trial = applyEdit(before, editOf(event));
        const verdict = event.cached
          ? (this.#seen.get(trial.join(',')) ?? { outcome: event.outcome })
          : (this.#pending ?? { outcome: event.outcome });
        this.#pending = null;
        this.#counters.calls++;
        if (event.cached) this.#counters.cacheHits++;
        const row: HistoryRow = { before, trial, outcome: event.outcome, accepted: event.accepted };
        if (event.op === 'delete') row.removed = [event.lo ?? 0, event.hi ?? 0];
        else if (event.op === 'keep') row.kept = [event.lo ?? 0, event.hi ?? 0];
        else {
          const index = event.index ?? 0;
          row.set = { index, from: before[index] ?? 0, to: event.value ?? 0 };
        }
        if (event.granularity !== undefined) row.granularity = event.granularity;
        if (event.accepted) this.#current = trial;
        return [
          {
            type: 'step',
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
