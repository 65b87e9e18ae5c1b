import { markOf } from '../history/marks.js';
import {
  type VersionBisection,
  type VersionBisectResult,
  type VersionMark,
  versionBisect,
} from '../history/version-bisect.js';
import type { Chase } from '../oracle/chase.js';
import type { StoredVerdict } from '../session/events.js';
import type { HistoryVersion } from '../session/isolation-config.js';

/** One tested version of a bisection, as the UI receives it. */
export interface VersionBisectStep {
  /** The version tested (its index in the history, oldest first). */
  version: number;
  mark: VersionMark;
  verdict: StoredVerdict;
  /** Tests so far, this one included. */
  tests: number;
  /** The range left after this test: the last good version and the first bad one. */
  lastGood: number;
  firstBad: number;
}

/**
 * A bisection's steps rebuilt from its session's `bisect` calls, for the transcript: `bisect`
 * is run again, each recorded verdict's mark fed to it, and each call checked to be the version
 * it asked for. When it ends, `pair` holds the two versions the isolation runs between.
 */
export class VersionBisectTrials {
  readonly #versions: readonly HistoryVersion[];
  readonly #chase: Chase;
  readonly #steps: VersionBisection;
  #next: IteratorResult<number, VersionBisectResult>;
  #lastGood = -1;
  #firstBad: number;
  #tests = 0;

  constructor(versions: readonly HistoryVersion[], chase: Chase) {
    this.#versions = versions;
    this.#chase = chase;
    this.#firstBad = versions.length;
    this.#steps = versionBisect(versions.length);
    this.#next = this.#steps.next();
  }

  /** Where the bisection ended, once it has. */
  get result(): VersionBisectResult | null {
    return this.#next.done ? this.#next.value : null;
  }

  /** The step of one recorded `bisect` call. */
  step(input: unknown, verdict: StoredVerdict): VersionBisectStep {
    if (this.#next.done) throw new Error('a bisect call after the bisection ended');
    const version = this.#next.value;
    if (input !== this.#versions[version]?.code) {
      throw new Error(
        `bisect call ${this.#tests + 1} is not version ${version + 1} of the history`,
      );
    }
    const mark = markOf(verdict, this.#chase);
    this.#tests++;
    if (mark === 'good') this.#lastGood = version;
    if (mark === 'bad') this.#firstBad = version;
    this.#next = this.#steps.next(mark);
    return {
      version,
      mark,
      verdict,
      tests: this.#tests,
      lastGood: this.#lastGood,
      firstBad: this.#firstBad,
    };
  }

  /** The source of the last good version, once the bisection has ended with one. */
  get pass(): string | null {
    const result = this.result;
    if (!result || result.lastGood < 0) return null;
    return this.#versions[result.lastGood]?.code ?? null;
  }
}
