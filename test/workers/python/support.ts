import { readFileSync } from 'node:fs';
import { beforeAll, expect } from 'vitest';
import type { Role } from '../../../src/core/oracle/verdict.js';
import type { LoadResult, SandboxApi } from '../../../src/protocol/sandbox.js';
import { startNodePython } from '../../../workers/process/python-runtime.js';
import { createPythonSandboxApi } from '../../../workers/python/api.js';

/**
 * One Python sandbox for a test file, its runtime started before the file's tests (loading code
 * replaces what was loaded before): the API, a way to load code in a role, and what it printed.
 */
export function usePythonSandbox(): {
  api: () => SandboxApi;
  load: (source: string, role: Role) => LoadResult;
  printed: string[];
} {
  const printed: string[] = [];
  let api: SandboxApi | undefined;
  beforeAll(async () => {
    api = createPythonSandboxApi(
      startNodePython({
        stdout: (line) => printed.push(line),
        stderr: (line) => printed.push(line),
      }),
    );
    expect(await api.ping()).toBe(true);
  }, 60_000);
  const started = (): SandboxApi => {
    if (!api) throw new Error('the Python sandbox has not started');
    return api;
  };
  return {
    api: started,
    load: (source, role) =>
      started().load({ source, code: source, mappings: '', language: 'py', role }),
    printed,
  };
}

/** A file of the article's Python lesson (examples/code/max-subarray-py). */
export function lesson(name: string): string {
  return readFileSync(
    new URL(`../../../examples/code/max-subarray-py/${name}`, import.meta.url),
    'utf8',
  );
}
