/**
 * The contract between the UI thread and the reducer worker (types only). The UI sends commands
 * and receives transcript messages; the reducer worker owns the sandbox workers.
 */

import type {
  Chase,
  CompareRow,
  Comparison,
  GrowthPoint,
  Json,
  MutantCheck,
  Outcome,
  Problem,
  ReducerName,
  ReplayEntry,
  ResolvedCode,
  RoleError,
  RunStatus,
  RunSummary,
  SessionConfig,
  Shape,
  Split,
  TranscriptMessage,
} from '../core/wire-types.js';
import type { Port } from './iframe.js';

/**
 * Receives a run or a replay as it goes (a `Comlink.proxy` across the wire): its transcript, in
 * batches of messages (at most one batch a frame, see `workers/reducer/outbox.ts`), then its end.
 * Everything comes on this one channel, in order, so `end` is the last thing a listener hears.
 */
export interface RunListener {
  messages(batch: TranscriptMessage[]): void;
  /**
   * How the run's inputs are cut into units (told once, before the first message). Through
   * Comlink a listener must define every callback it may be called with.
   */
  shape?(shape: Shape): void;
  /** How much of a session file has been read (0..1), while a replay reads one. */
  reading?(fraction: number): void;
  /** Where a live run is, every quarter of a second (not part of the session). */
  status?(status: RunStatus): void;
  /** The run or replay has ended: its reply, exactly as the call returns it. */
  end?(reply: RunReply): void;
}

/** A recorded session to replay or to compare with: JSONL text, or a file holding it. */
export type SessionSource = string | Blob;

/** Why a run or replay could not finish. */
export interface RunFailure {
  /** `sandbox`: a sandbox answered with something it could not have sent (see replies.ts). */
  kind: 'replay' | 'format' | 'config' | 'sandbox' | 'internal';
  message: string;
  /** The session line the failure is about (format errors, divergence). */
  line?: number;
  column?: number;
  /** The 1-based oracle call a replay failed at. */
  call?: number;
  /** The limit a file or link went past, to be said in the page's language. */
  problem?: Problem;
}

/** A run or replay that did not finish: the code's errors, or why it stopped. */
export type RunFailed = { ok: false; errors: RoleError[] } | { ok: false; failure: RunFailure };

/**
 * The answer to a live run: its session (JSONL, packed) and, when it was compared with a
 * recording, how it compares.
 */
export type LiveReply =
  | { ok: true; summary: RunSummary; session: string; comparison?: Comparison }
  | RunFailed;

/** The answer to a replay: what it showed, and the config its session was recorded with. */
export type ReplayReply = { ok: true; summary: RunSummary; config: SessionConfig } | RunFailed;

/** The answer to a run or a replay. */
export type RunReply = LiveReply | ReplayReply;

/** How many sandbox workers have been started and are running. */
export interface SandboxCount {
  spawned: number;
  alive: number;
}

/**
 * The article's "fix and regress", asked of the reducer worker: the corrected candidate judged on
 * the original and the reduced input, then the exhaustive check (every input of the value set up
 * to `maxLength`: the buggy candidate's failures reduced and verified, the corrected one's counted),
 * then the broken reducers' answers checked.
 */
export interface RegressRequest {
  /** The buggy candidate and the reference. */
  code: ResolvedCode;
  /** The corrected candidate's source. */
  corrected: string;
  original: number[];
  reduced: number[];
  reducer: ReducerName;
  chase: Chase;
  callMs: number;
  values: number[];
  maxLength: number;
}

/** Where a regression check is (told as it goes). */
export interface RegressProgress {
  /** Inputs judged, of `total`. */
  judged: number;
  total: number;
  /** Failing inputs found, and how many of them have been reduced. */
  failures: number;
  reduced: number;
}

/** The answer to a regression check. */
export type RegressReply =
  | {
      ok: true;
      /** The corrected candidate's outcome on the original and on the reduced input. */
      fixed: { original: Outcome; reduced: Outcome };
      inputs: number;
      failures: number;
      verified: number;
      problems: number;
      /** The reductions' calls: their confirmations and trials. */
      calls: number;
      /** Oracle executions, the verification runs included. */
      executions: number;
      /** Of the executions, those that verified the reductions' results. */
      verifyExecutions: number;
      /** Inputs on which the corrected candidate still disagrees with the reference. */
      correctedFailures: number;
      /** How many reductions took each number of calls, by calls. */
      histogram: [number, number][];
      mutants: MutantCheck[];
      /** The article's reducer's calls against input length, measured in the worker, no user code. */
      growth: GrowthPoint[];
      /** How long measuring `growth` took in the worker, in milliseconds. */
      growthMs: number;
    }
  | RunFailed
  | { ok: false; cancelled: true };

/** Several reducers on the same failing input, asked of the reducer worker. */
export interface CompareRequest {
  code: ResolvedCode;
  input: Json;
  shape: Shape;
  chase: Chase;
  cache: boolean;
  callMs: number;
  reducers: ReducerName[];
  /**
   * A text compared by how it is cut: one row per split (`lines`, `chars`, `words` by the first
   * of `reducers` that cuts text into units, `syntax` by the `syntax` reducer), each row's size
   * in characters. Ignored for any other kind of input.
   */
  splits?: Split[];
  /**
   * The program's language (a grammar's name), for the `syntax` row: the input is parsed with its
   * grammar, and the trials that no longer parse are refused unrun (generic moves without it).
   */
  language?: string;
}

/** The answer to a comparison: one row per reducer, in the order asked. */
export type CompareReply =
  | { ok: true; rows: CompareRow[] }
  | RunFailed
  | { ok: false; cancelled: true };

/** What the reducer worker exposes. */
export interface ReducerApi {
  /**
   * Hands the reducer worker its way to start sandbox workers: a port to the page's sandbox
   * frame (browser only; called once, before any run).
   */
  connectSandboxes(port: Port): void;
  /**
   * Checks the code without running any of it (its syntax, its functions found by name) and
   * starts spare sandboxes for the next run; returns the errors found.
   */
  prepare(code: ResolvedCode): Promise<RoleError[]>;
  /**
   * Records a session live. With `recording`, the new session is compared with it call by call,
   * here rather than on the UI thread.
   */
  run(
    config: SessionConfig,
    code: ResolvedCode,
    listener: RunListener,
    recording?: SessionSource,
  ): Promise<LiveReply>;
  /** Replays a recorded session without running any code; a file is read (and parsed) here. */
  replay(session: SessionSource, listener: RunListener, script?: ReplayEntry[]): Promise<RunReply>;
  /** The article's "fix and regress" (see {@link RegressRequest}); `cancel` stops it. */
  regress(
    request: RegressRequest,
    progress: (progress: RegressProgress) => void,
  ): Promise<RegressReply>;
  /** Reduces one failure with each reducer (see {@link CompareRequest}); `cancel` stops it. */
  compare(
    request: CompareRequest,
    progress: (rows: readonly CompareRow[]) => void,
  ): Promise<CompareReply>;
  /**
   * Runs the worker's own paths once on a pair of its own, so that the first Runs find them
   * compiled (no user code, no sandbox worker; see `workers/reducer/warm-up.ts`). For the page to
   * call while idle; once a run has been made, or the warm-up done, it does nothing.
   */
  warm(): Promise<void>;
  /** Stops the run in progress within one call (a hanging call is cut short). */
  cancel(): void;
  /** Sandbox workers started so far and alive now. */
  workers(): SandboxCount;
  /** Stops every worker. */
  dispose(): void;
}
