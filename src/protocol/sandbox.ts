import type { Endpoint } from 'comlink';
import type { CompileError } from '../core/code/compile-error.js';
import type { Language } from '../core/code/refs.js';
import type { Json } from '../core/input/kinds.js';
import type { CallResult } from '../core/oracle/classify.js';
import type { Role } from '../core/oracle/verdict.js';

/**
 * The contract between a sandbox worker and the code that drives it (types only), imported by
 * both sides: the worker entries expose a {@link SandboxApi}, the {@link SandboxClient} wraps one.
 */

/**
 * Numbers in the narrowest typed array that holds each of them exactly: small integers take one
 * byte each, so a batch crosses to a worker (often in another process) in a fraction of the bytes.
 */
export type NumberArray = Int8Array | Int16Array | Int32Array | Float64Array;

/** Offsets into a {@link NumberArray}, in the narrowest unsigned array that holds the largest. */
export type OffsetArray = Uint16Array | Uint32Array;

/**
 * A batch of inputs. Arrays of numbers (the article's inputs) travel in two typed arrays, so they
 * cross to a worker by transfer instead of being cloned element by element: input `i` is
 * `values[offsets[i]] … values[offsets[i + 1] - 1]`. Any other inputs (strings, arrays of other
 * values, trees) travel as they are, in `items`, and are cloned on the way.
 */
export type BatchInputs = { values: NumberArray; offsets: OffsetArray } | { items: Json[] };

/**
 * The results of a batch. The common case, a number returned in time, is kept in a typed array
 * and given the batch's duration per call, `ms`; every other result (another kind of value, an
 * invalid input, a throw, a number that took a time of its own) is listed whole in `others`, by
 * index.
 */
export interface BatchResults {
  numbers: NumberArray;
  ms: number;
  others: [number, CallResult][];
}

/** A piece of user code and the role it plays in a session. */
export interface CodeSpec {
  source: string;
  language: Language;
  role: Role;
  /** Each input is the array of a call's arguments, spread into the call (`f(...input)`). */
  spread?: boolean;
}

/** What a sandbox loads: the code spec with its transpiled JavaScript and source map mappings. */
export interface LoadSpec extends CodeSpec {
  code: string;
  mappings: string;
}

/**
 * The answer to {@link SandboxApi.load}: the names the module defines and the one picked as the
 * entry for its role (`default` for a default export), or why it could not be loaded.
 */
export type LoadResult =
  | { ok: true; exports: string[]; entry: string }
  | { ok: false; error: CompileError };

/**
 * What a sandbox worker exposes. All methods are synchronous inside the JavaScript worker; the
 * Python one may first wait for a runtime no code has run in (to load or check code).
 */
export interface SandboxApi {
  /** Evaluates transpiled user code, replacing whatever was loaded before. */
  load(spec: LoadSpec): LoadResult | Promise<LoadResult>;
  /** Runs the loaded entry on one input (a crash result when nothing is loaded). */
  call(input: Json): CallResult;
  /** Runs the loaded entry on each input of a batch in order, timed as a whole. */
  callBatch(inputs: BatchInputs): BatchResults;
  /**
   * Finds the syntax error of code without running any of it, or null. JavaScript and TypeScript
   * are checked on the host when transpiled, so their sandbox always answers null; Python is
   * compiled (not run) here.
   */
  check(spec: CodeSpec): CompileError | null | Promise<CompileError | null>;
  /**
   * Answers once the worker is up (for Python, once a runtime no code has run in is at hand:
   * the next load then runs at once).
   */
  ping(): true | Promise<true>;
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
