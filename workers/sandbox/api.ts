import { transfer } from 'comlink';
import type { RunResult } from '../../src/core/oracle/classify.js';
import type { Role } from '../../src/core/oracle/verdict.js';
import { evaluateModule, type UserModule } from './evaluate.js';
import {
  type PackedInputs,
  type PackedResults,
  packedCount,
  packResults,
  unpackInput,
} from './packed.js';
import { runCall } from './run.js';
import type { LoadResult, LoadSpec, SandboxApi } from './types.js';

export type { SandboxApi } from './types.js';

/**
 * The sandbox as plain functions, holding the loaded module: what a worker entry exposes, and
 * what tests call directly without a worker.
 */
export function createSandboxApi(): SandboxApi {
  let loaded: { module: UserModule; role: Role } | undefined;

  // `owned`: the input is a fresh array nobody else holds, so the call may hand it over as is.
  const call = (input: number[], owned = false, timed = true): RunResult => {
    if (!loaded) return { ok: false, error: { name: 'Error', message: 'no code loaded' }, ms: 0 };
    return runCall(loaded.module, input, loaded.role, owned, timed);
  };

  return {
    load(spec: LoadSpec): LoadResult {
      loaded = undefined;
      const compiled = evaluateModule(spec);
      if (!compiled.ok) return { ok: false, error: compiled.error };
      loaded = { module: compiled.module, role: spec.role };
      return { ok: true, exports: compiled.exports, entry: compiled.entry };
    },
    call: (input: number[]) => call(input),
    callBatch: (inputs: number[][]): RunResult[] => inputs.map((input) => call(input)),
    callPacked: (inputs: PackedInputs): PackedResults => {
      // The batch is timed as a whole: each call is given the batch's average duration.
      const started = performance.now();
      const results: RunResult[] = [];
      for (let i = 0; i < packedCount(inputs); i++) {
        results.push(call(unpackInput(inputs, i), true, false));
      }
      const average = (performance.now() - started) / Math.max(1, results.length);
      for (const result of results) result.ms = average;
      const packed = packResults(results);
      return transfer(packed, [packed.numbers.buffer, packed.ms.buffer]);
    },
    ping: () => true,
  };
}
