import { readFileSync } from 'node:fs';
import { beforeAll, expect } from 'vitest';
import type { Role } from '../../../src/core/oracle/verdict.js';
import type { LoadResult, SandboxApi } from '../../../src/protocol/sandbox.js';
import { startNodePython } from '../../../workers/process/python-runtime.js';
import { createPythonSandboxApi } from '../../../workers/python/api.js';

/**
 * One Python sandbox for a test file, its runtime started before the file's tests (loading code
 * replaces what was loaded before, in a runtime of its own): the API, a way to load code in a
 * role, and what it printed.
 */
export function usePythonSandbox(): {
  api: () => SandboxApi;
  load: (source: string, role: Role) => Promise<LoadResult>;
  printed: string[];
} {
  const printed: string[] = [];
  let api: SandboxApi | undefined;
  beforeAll(async () => {
    const output = {
      stdout: (line: string) => printed.push(line),
      stderr: (line: string) => printed.push(line),
    };
    api = createPythonSandboxApi((snapshot) => startNodePython(output, snapshot));
    expect(await api.ping()).toBe(true);
  }, 60_000);
  const started = (): SandboxApi => {
    if (!api) throw new Error('the Python sandbox has not started');
    return api;
  };
  return {
    api: started,
    load: async (source, role) =>
      await started().load({ source, code: source, mappings: '', language: 'py', role }),
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
