/**
 * The contract between the UI thread and the reducer worker (types only). The UI sends commands
 * and receives transcript messages; the reducer worker owns the sandbox workers.
 */

import type { RoleError } from '../src/core/code/compile-error.js';
import type { ResolvedCode } from '../src/core/code/refs.js';
import type { Comparison } from '../src/core/replay/compare.js';
import type { ReplayEntry } from '../src/core/replay/script.js';
import type { RunSummary } from '../src/core/run/run.js';
import type { TranscriptMessage } from '../src/core/run/transcript.js';
import type { SessionConfig } from '../src/core/session/config.js';

/** Receives the transcript of a run, message by message (a `Comlink.proxy` across the wire). */
export interface RunListener {
  message(message: TranscriptMessage): void;
}

/** Why a run or replay could not finish. */
export interface RunFailure {
  kind: 'replay' | 'format' | 'config' | 'internal';
  message: string;
  /** The session line the failure is about (format errors, divergence). */
  line?: number;
  column?: number;
  /** The 1-based oracle call a replay failed at. */
  call?: number;
}

/**
 * The answer to a run or a replay; a live run compared with a recording says how it compares.
 * `messages` counts the transcript messages sent before it (they travel on another channel).
 */
export type RunReply = (
  | { ok: true; summary: RunSummary; session: string; comparison?: Comparison }
  | { ok: false; errors: RoleError[] }
  | { ok: false; failure: RunFailure }
) & { messages?: number };

/** How many sandbox workers have been started and are running. */
export interface WorkerCount {
  spawned: number;
  alive: number;
}

/** What the reducer worker exposes. */
export interface ReducerApi {
  /** Compiles the code in fresh sandbox workers, ready for the next run; returns its errors. */
  prepare(code: ResolvedCode, callMs: number): Promise<RoleError[]>;
  /**
   * Records a session live. With `recording` (a session's JSONL), the new session is compared
   * with it call by call, here rather than on the UI thread.
   */
  run(
    config: SessionConfig,
    code: ResolvedCode,
    listener: RunListener,
    recording?: string,
  ): Promise<RunReply>;
  /** Replays a recorded session (JSONL text) without running any code. */
  replay(session: string, listener: RunListener, script?: ReplayEntry[]): Promise<RunReply>;
  /** Stops the run in progress within one call (a hanging call is cut short). */
  cancel(): void;
  /** Sandbox workers started so far and alive now. */
  workers(): WorkerCount;
  /** Stops every worker. */
  dispose(): void;
}
