import { type Input, type Oracle, sameInput } from '../oracle/oracle.js';
import type { Verdict } from '../oracle/verdict.js';
import { Cancelled } from '../reduce/runner.js';
import type { ReplayEntry } from './script.js';

/** Why a replay failed. */
export type ReplayErrorKind = 'divergence' | 'exhaustion' | 'unconsumed' | 'missing' | 'concurrent';

/** A replay that cannot go on. Its message says where and why, for a user and for a test log. */
export class ReplayError extends Error {
  constructor(
    readonly kind: ReplayErrorKind,
    message: string,
    /** The 1-based call the error is about. */
    readonly call?: number,
    /** The session line that call was recorded on. */
    readonly line?: number,
    readonly expected?: Input,
    readonly requested?: Input,
  ) {
    super(message);
    this.name = 'ReplayError';
  }
}

/** Options of a {@link ReplayOracle}. */
export interface ReplayOptions {
  /** The per-call budget recorded in the session (for the messages of `hang` entries). */
  callMs?: number;
  /**
   * The recording ended cancelled: a call past its last one is the call the cancel interrupted
   * (or whose answer it discarded), and is answered by cancelling instead of by exhaustion.
   */
  cancelledAtEnd?: boolean;
}

/**
 * Serves a recorded session's verdicts by position, one call at a time. Each requested trial
 * must equal the recorded one; anything else fails loudly. It never runs code.
 */
export class ReplayOracle implements Oracle {
  readonly #script: readonly ReplayEntry[];
  readonly #callMs: number | undefined;
  readonly #cancelledAtEnd: boolean;
  #position = 0;
  #busy = false;

  constructor(script: readonly ReplayEntry[] | null | undefined, options: ReplayOptions = {}) {
    if (!script) throw new ReplayError('missing', 'no recording to replay: the fixture is missing');
    this.#script = script;
    this.#callMs = options.callMs;
    this.#cancelledAtEnd = options.cancelledAtEnd ?? false;
  }

  /** How many calls have been served. */
  get served(): number {
    return this.#position;
  }

  /** How many calls the recording has. */
  get recorded(): number {
    return this.#script.length;
  }

  async judge(input: Input): Promise<Verdict> {
    if (this.#busy) {
      throw new ReplayError(
        'concurrent',
        'a replay serves one call at a time; a second call arrived',
      );
    }
    this.#busy = true;
    try {
      // Resolve on a later microtask, as a real oracle would: calls cannot overlap unnoticed.
      await Promise.resolve();
      return this.#serve(input);
    } finally {
      this.#busy = false;
    }
  }

  async judgeBatch(inputs: readonly Input[]): Promise<Verdict[]> {
    const verdicts: Verdict[] = [];
    for (const input of inputs) verdicts.push(await this.judge(input));
    return verdicts;
  }

  /** Checks that every recorded call was requested. */
  finish(): void {
    const left = this.#script.length - this.#position;
    if (left > 0) {
      const next = this.#script[this.#position];
      throw new ReplayError(
        'unconsumed',
        `the replay ended with ${left} recorded call${left === 1 ? '' : 's'} not requested ` +
          `(next: call ${this.#position + 1}${lineText(next?.line)})`,
        this.#position + 1,
        next?.line,
      );
    }
  }

  #serve(input: Input): Verdict {
    const call = this.#position + 1;
    const entry = this.#script[this.#position];
    if (!entry) {
      if (this.#cancelledAtEnd) throw new Cancelled();
      throw new ReplayError(
        'exhaustion',
        `recording has ${this.#script.length} calls; call ${call} requested`,
        call,
      );
    }
    if (!sameInput(entry.input, input)) {
      throw new ReplayError(
        'divergence',
        `replay diverged at call ${call}${lineText(entry.line)}: the recording has trial ` +
          `${show(entry.input)} but ${show(input)} was requested`,
        call,
        entry.line,
        entry.input,
        input,
      );
    }
    this.#position++;
    return verdictOf(entry, this.#callMs);
  }
}

/** The verdict a live oracle gave for a recorded entry. */
export function verdictOf(entry: ReplayEntry, callMs?: number): Verdict {
  switch (entry.kind) {
    case 'verdict': {
      // Only a verdict's own fields: a hand-written override may carry others.
      const { outcome, expected, actual, error, ms, flaky } = entry.verdict;
      return structuredCopy({ outcome, expected, actual, error, ms, flaky });
    }
    case 'throw':
      return {
        outcome: 'CRASH',
        ...(entry.expected !== undefined ? { expected: entry.expected } : {}),
        error: {
          name: entry.code,
          message: entry.message,
          ...(entry.role ? { role: entry.role } : {}),
          ...(entry.at?.line !== undefined ? { line: entry.at.line } : {}),
          ...(entry.at?.column !== undefined ? { column: entry.at.column } : {}),
        },
        ...(entry.ms !== undefined ? { ms: entry.ms } : {}),
      };
    case 'hang':
      if (entry.cancel) throw new Cancelled();
      return {
        outcome: 'TIMEOUT',
        ...(entry.expected !== undefined ? { expected: entry.expected } : {}),
        error: {
          name: 'Timeout',
          message: entry.message ?? `ran longer than ${callMs ?? '?'} ms`,
          ...(entry.role ? { role: entry.role } : {}),
        },
        ...(entry.ms !== undefined ? { ms: entry.ms } : {}),
      };
  }
}

/** A deep copy through JSON (what a verdict is made of): `undefined` fields fall away. */
function structuredCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function lineText(line: number | undefined): string {
  return line === undefined ? '' : ` (session line ${line})`;
}

function show(input: Input): string {
  const text = JSON.stringify(input);
  if (text.length <= 80) return text;
  if (Array.isArray(input)) return `${text.slice(0, 77)}…] (${input.length} elements)`;
  const size = typeof input === 'string' ? ` (${input.length} characters)` : '';
  return `${text.slice(0, 77)}…${size}`;
}
