/**
 * The contract between the bench runner (Node, Playwright) and the bench page (types only):
 * the page puts a {@link BenchApi} on `globalThis.deltalabBench`, the runner calls it.
 */
import type { ExhaustiveRun } from '../exhaustive-run.js';
import type { OracleReport } from '../oracle.js';
import type { PythonReport } from '../python.js';
import type { Samples } from '../stats.js';

/** Replay of the long session in the page (ms). */
export interface BrowserReplay {
  /** Oracle calls in the session. */
  calls: number;
  /** `readSession` + `replaySession` on the page's main thread (core only). */
  core: Samples;
  /**
   * The UI's path: the reducer worker's `replay(text, listener)` from the call to its reply,
   * the transcript streamed to the page through a Comlink proxy.
   */
  worker: Samples;
  /** Transcript messages the page received per worker replay. */
  messages: number;
}

/** The permalink of the article's full session, made with the UI's own encoder. */
export interface PermalinkReport {
  base: string;
  /** The step in the link (the last frame of the replayed session). */
  step: number;
  /** `base + '#' + hash` with the session. */
  length: number;
  /** The same link without the session (what Share falls back to past the limit). */
  lengthWithoutSession: number;
  /** Bytes of the session text put in the link (durations stripped). */
  sessionBytes: number;
  /** The UI's own limit for putting the session in a link. */
  linkWarn: number;
}

/** What the bench page offers. */
export interface BenchApi {
  /** Section 1 in Chromium: the in-page limit and the browser workers. */
  oracle(): Promise<OracleReport>;
  /** One exhaustive verification through browser workers. */
  exhaustive(): Promise<ExhaustiveRun>;
  /** The same work in the page's thread, no worker (the floor). */
  exhaustiveInThread(): ExhaustiveRun;
  /** Section 9: Python through Pyodide next to JavaScript (the first call of a fresh page). */
  python(runs: number): Promise<PythonReport>;
  /** Replays a session text `runs` times both ways. */
  replay(text: string, runs: number): Promise<BrowserReplay>;
  /** The article's permalink length for `base`. */
  permalink(base: string): Promise<PermalinkReport>;
}

/** The page's global scope as the runner sees it. */
export interface BenchGlobal {
  deltalabBench?: BenchApi;
}
