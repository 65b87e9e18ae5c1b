import type { Endpoint } from 'comlink';
import type { RunResult } from '../../src/core/oracle/classify.js';
import type { Role } from '../../src/core/oracle/verdict.js';
import type { Language } from '../../src/core/session/config.js';
import type { PackedInputs, PackedResults } from './packed.js';

/**
 * The contract between a sandbox worker and the code that drives it (types only), imported by
 * both sides: the worker entries expose a {@link SandboxApi}, the {@link SandboxClient} wraps one.
 */

/** The language user code is written in (both are compiled with sucrase). */
export type { Language } from '../../src/core/session/config.js';

/** A piece of user code and the role it plays in a session. */
export interface CodeSpec {
  source: string;
  language: Language;
  role: Role;
}

/** What a sandbox loads: the code spec with its transpiled JavaScript and source map mappings. */
export interface LoadSpec extends CodeSpec {
  code: string;
  mappings: string;
}

/** Why user code could not be loaded, placed for an editor marker. */
export interface CompileError {
  /** `SyntaxError`, or the name of what the top-level code threw; `Timeout` for a hung load. */
  name: string;
  message: string;
  /** 1-based line in the user's source (1 when unknown). */
  line: number;
  /** 1-based column in the user's source (1 when unknown). */
  column: number;
}

/**
 * The answer to {@link SandboxApi.load}: the names the module defines and the one picked as the
 * entry for its role (`default` for a default export), or why it could not be loaded.
 */
export type LoadResult =
  | { ok: true; exports: string[]; entry: string }
  | { ok: false; error: CompileError };

/** What a sandbox worker exposes. All methods are synchronous inside the worker. */
export interface SandboxApi {
  /** Evaluates transpiled user code, replacing whatever was loaded before. */
  load(spec: LoadSpec): LoadResult;
  /** Runs the loaded entry on one input (a crash result when nothing is loaded). */
  call(input: number[]): RunResult;
  /** Runs the loaded entry on each input of a packed batch in order, timed as a whole. */
  callPacked(inputs: PackedInputs): PackedResults;
  /** Answers once the worker is up. */
  ping(): true;
}

/** Why a worker ended without being asked to. */
export interface ExitReason {
  /** `OutOfMemory` or `WorkerError`. */
  name: string;
  message: string;
}

/**
 * A started worker as the client sees it, whatever the platform: a Comlink endpoint, a way to
 * stop it, and a signal when it ends on its own (error, crash, out of memory). `onExit` does not
 * fire after `terminate()`.
 */
export interface WorkerPort {
  endpoint: Endpoint;
  terminate(): void;
  onExit(listener: (reason: ExitReason) => void): void;
}

/** Starts a fresh sandbox worker. */
export type Spawn = () => WorkerPort;
