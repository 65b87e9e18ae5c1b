import type { RunResult } from '../../src/core/oracle/classify.js';
import type { Role } from '../../src/core/oracle/verdict.js';
import { compileModule, type UserModule } from './compile.js';
import { runCall } from './run.js';
import type { CodeSpec, LoadResult, SandboxApi } from './types.js';

export type { SandboxApi } from './types.js';

/**
 * The sandbox as plain functions, holding the loaded module: what a worker entry exposes, and
 * what tests call directly without a worker.
 */
export function createSandboxApi(): SandboxApi {
  let loaded: { module: UserModule; role: Role } | undefined;

  const call = (input: number[]): RunResult => {
    if (!loaded) return { ok: false, error: { name: 'Error', message: 'no code loaded' }, ms: 0 };
    return runCall(loaded.module, input, loaded.role);
  };

  return {
    load(spec: CodeSpec): LoadResult {
      loaded = undefined;
      const compiled = compileModule(spec.source, spec.language, spec.role);
      if (!compiled.ok) return { ok: false, error: compiled.error };
      loaded = { module: compiled.module, role: spec.role };
      return { ok: true, exports: compiled.exports, entry: compiled.entry };
    },
    call,
    callBatch: (inputs: number[][]): RunResult[] => inputs.map(call),
    ping: () => true,
  };
}
