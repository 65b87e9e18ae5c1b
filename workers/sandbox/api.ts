import type { Json } from '../../src/core/input/kinds.js';
import type { CallResult } from '../../src/core/oracle/classify.js';
import { formatOutput, toOutput } from '../../src/core/oracle/output.js';
import type { Role } from '../../src/core/oracle/verdict.js';
import { clipText } from '../../src/core/text/clip.js';
import { batchLength, callEach, sealResults } from '../../src/protocol/batch.js';
import type {
  BatchInputs,
  BatchResults,
  LoadResult,
  LoadSpec,
  SandboxApi,
} from '../../src/protocol/sandbox.js';
import { callEntry } from './call.js';
import { evaluateModule, type UserModule } from './evaluate.js';

export type { SandboxApi } from '../../src/protocol/sandbox.js';

/**
 * Where user code's `console` writes: the sandbox's own console, as one line of text made here
 * (user values never reach the platform's console, whose formatter would hand them its own
 * objects: Node's `util.inspect` passes itself to a value's custom inspect method).
 */
const logToConsole = (level: string, args: unknown[]) => {
  const write = (console as unknown as Record<string, (...args: unknown[]) => void>)[level];
  write?.('%s', consoleLine(args));
};

/** What `console.log(...args)` prints, made in the sandbox: strings as they are, else outputs. */
export function consoleLine(args: readonly unknown[]): string {
  return args
    .map((arg) => {
      try {
        return typeof arg === 'string' ? clipText(arg, LOG_CHARS) : formatOutput(toOutput(arg));
      } catch {
        return '[unprintable]'; // a getter that throws
      }
    })
    .join(' ');
}

/** The most characters of one string a `console` line prints. */
const LOG_CHARS = 2000;

/** The sandbox API, and what only the worker itself may do with it. */
export interface LocalSandboxApi extends SandboxApi {
  /** Loads at once (the JavaScript sandbox never waits). */
  load(spec: LoadSpec): LoadResult;
  /** Drops the loaded code (a worker's own warm-up leaves none behind). */
  unload(): void;
}

/**
 * The sandbox as plain functions, holding the loaded module: what a worker entry exposes, and
 * what tests call directly without a worker.
 */
export function createSandboxApi(log = logToConsole): LocalSandboxApi {
  let loaded: { module: UserModule; role: Role } | undefined;

  // `owned`: the input is a fresh array nobody else holds, so the call may hand it over as is.
  const call = (input: Json, owned = false, timed = true): CallResult => {
    if (!loaded) return { ok: false, error: { name: 'Error', message: 'no code loaded' }, ms: 0 };
    return callEntry(loaded.module, input, loaded.role, owned, timed);
  };

  return {
    load(spec: LoadSpec): LoadResult {
      loaded = undefined;
      const compiled = evaluateModule(spec, log);
      if (!compiled.ok) return { ok: false, error: compiled.error };
      loaded = {
        module: spec.spread ? spreading(compiled.module) : compiled.module,
        role: spec.role,
      };
      return { ok: true, exports: compiled.exports, entry: compiled.entry };
    },
    call: (input: Json) => call(input),
    callBatch: (inputs: BatchInputs): BatchResults => {
      // The batch is timed as a whole: each call is given the batch's average duration. Numbers
      // are kept as numbers and sent in a typed array: a batch keeps no object per call alive
      // (that would cost more in garbage collection than the calls themselves).
      const started = performance.now();
      const draft = callEach(inputs, (input) => call(input, true, false));
      const count = batchLength(inputs);
      // Copied to the host, not transferred: the numbers are a few kilobytes, and in Chromium
      // transferring a buffer that small costs more than copying it (the bench's batched rate
      // measured 7–10 % higher with the copy).
      return sealResults(draft, (performance.now() - started) / Math.max(1, count));
    },
    unload() {
      loaded = undefined;
    },
    // Checked on the host, when transpiled.
    check: () => null,
    ping: () => true,
  };
}

/** The module with its functions taking a call's arguments one by one from the input's array. */
function spreading(module: UserModule): UserModule {
  const { fn, valid } = module;
  return {
    ...module,
    fn: (input: Json) => (fn as (...args: Json[]) => unknown)(...(input as Json[])),
    ...(valid
      ? { valid: (input: Json) => (valid as (...args: Json[]) => unknown)(...(input as Json[])) }
      : {}),
  };
}
