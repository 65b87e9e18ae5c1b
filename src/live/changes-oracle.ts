import type { RoleError } from '../core/code/compile-error.js';
import type { Input, Oracle } from '../core/oracle/oracle.js';
import type { Role, Verdict } from '../core/oracle/verdict.js';
import type { WorkerPort } from '../protocol/sandbox.js';
import type { LiveOracle } from './live-oracle.js';

/**
 * Judges versions of the candidate's code rather than inputs (the Debugging Book's
 * `ChangeDebugger`): each input is a candidate's whole source, loaded in the candidate's worker
 * in place of the last one and judged on one call against the reference. A version that does not
 * load is INVALID (unresolved for `dd`), with the load error as its reason; the reference runs
 * once for the call, its result kept for every version.
 */
export class ChangesOracle implements Oracle {
  readonly #live: LiveOracle;
  readonly #call: Input;
  /** The source the candidate's worker holds now (the session's code once loaded). */
  #loaded: string | null = null;

  constructor(live: LiveOracle, call: Input) {
    this.#live = live;
    this.#call = call;
    live.keepReferenceResults();
  }

  /** Loads the session's own code (today's candidate and the reference). */
  load(): Promise<RoleError[]> {
    return this.#live.load();
  }

  async judge(source: Input): Promise<Verdict> {
    if (typeof source !== 'string') throw new TypeError('a version of the code is text');
    if (source !== this.#loaded) {
      const [error] = await this.#live.switchCandidate(source);
      if (error) {
        // Loaded again before the next version: a failed load may leave the worker empty.
        this.#loaded = null;
        const { name, message, line, column } = error;
        return { outcome: 'INVALID', error: { name, message, role: 'candidate', line, column } };
      }
      this.#loaded = source;
    }
    const [verdict] = await this.#live.judgeBatch([this.#call]);
    return verdict as Verdict;
  }

  async judgeBatch(sources: readonly Input[]): Promise<Verdict[]> {
    const verdicts: Verdict[] = [];
    for (const source of sources) verdicts.push(await this.judge(source));
    return verdicts;
  }

  /** Workers this oracle's live oracle started and still running. */
  get workers(): { spawned: number; alive: number } {
    return this.#live.workers;
  }

  dispose(): void {
    this.#live.dispose();
  }

  /** Disposes of the oracle, handing over its idle Python sandboxes (see {@link LiveOracle.release}). */
  release(): { role: Role; port: WorkerPort }[] {
    return this.#live.release();
  }
}
