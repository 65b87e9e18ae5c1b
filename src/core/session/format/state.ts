import { InputStream } from '../../generate/generator.js';
import { LIMITS } from '../../limits.js';
import { applyEdit, type Edit } from '../../reduce/types.js';
import { DEFAULT_MAX_ATTEMPTS } from '../config.js';
import type { DecisionEvent, Header, SessionEvent } from '../events.js';
import { LimitError } from './limit-error.js';

/** The edit a decision event describes. */
export function editOf(decision: DecisionEvent): Edit {
  if (decision.op === 'set')
    return { op: 'set', index: decision.index ?? 0, value: decision.value ?? 0 };
  return { op: decision.op, lo: decision.lo ?? 0, hi: decision.hi ?? 0 };
}

/**
 * What can be derived from a session's events so far: the current input of the reduction, the
 * generator stream, and the last attempt, execution and trial numbers. The packer and the
 * unpacker both follow a session through one of these, so they agree by construction.
 */
export class SessionState {
  /** The input the reduction is at (the start, then each accepted trial). */
  current: number[] | null;
  /** The last execution number and trial number seen. */
  execution = 0;
  trial = 0;
  /** The last attempt number seen. */
  attempt = 0;
  /** The most attempts the header allows. */
  readonly maxAttempts: number;
  readonly #header: Header;
  #stream: InputStream | null = null;
  /** The generated input of attempt `attempt + 1`, once asked for. */
  #next: number[] | null = null;
  /** Attempts were not consecutive: the stream can no longer be followed. */
  #lost = false;
  /** Numbers packed rows may still rebuild (see {@link charge}). */
  #rebuildable: number = LIMITS.rebuilt;

  constructor(header: Header) {
    this.#header = header;
    this.maxAttempts = header.config.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    this.current = header.config.input ? header.config.input.slice() : null;
  }

  /**
   * Counts `numbers` about to be rebuilt from packed rows, and refuses them past
   * {@link LIMITS.rebuilt}: a few bytes of a hostile file must not make a reader allocate
   * gigabytes.
   */
  charge(numbers: number): void {
    this.#rebuildable -= numbers;
    if (this.#rebuildable < 0) {
      throw new LimitError({ code: 'session.too-many', values: { max: LIMITS.rebuilt } });
    }
  }

  /** The generated input of `attempt`, when it is the next attempt and a generator is known. */
  generated(attempt: number): number[] | null {
    const generator = this.#header.config.generator;
    if (!generator || this.#lost || attempt !== this.attempt + 1) return null;
    this.#stream ??= new InputStream(generator);
    this.#next ??= this.#stream.next();
    return this.#next;
  }

  /** The trial a decision tried, applied to the current input. */
  trialOf(decision: DecisionEvent): number[] | null {
    return this.current ? applyEdit(this.current, editOf(decision)) : null;
  }

  /** Advances past one event. */
  observe(event: SessionEvent): void {
    switch (event.type) {
      case 'attempt':
        // Draw the attempt's input even if nobody asked, so the stream stays in step.
        if (this.generated(event.attempt) === null) this.#lost = true;
        this.#next = null;
        this.attempt = event.attempt;
        return;
      case 'found':
        this.current = event.input.slice();
        return;
      case 'call':
        this.execution = event.execution;
        if (event.phase === 'confirm') this.current = event.input.slice();
        return;
      case 'decision':
        this.trial = event.trial;
        if (event.accepted && this.current) this.current = applyEdit(this.current, editOf(event));
        return;
      default:
        return;
    }
  }
}
