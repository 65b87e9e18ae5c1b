import { constants } from 'node:fs';
import type { PythonOutput, PythonRuntime } from '../python/runtime.js';
import { pyodideOptions } from '../python/runtime.js';

/** Whether `process.binding` and `process.umask` are Pyodide's (done once per process). */
let bound = false;
/** The umask each runtime starts with. */
const UMASK = 0o022;
/** The umask Python's `os.umask` sets and answers, in place of the process's. */
let umask = UMASK;

/**
 * Starts Pyodide in this Node process, from the `pyodide` package (its WebAssembly runtime and
 * standard library ship with it: no system Python, no network), afresh or from a snapshot (see
 * `StartPython`). Under Node's permission model `process.binding` is refused, and Pyodide's file
 * system asks it for the `fs` constants only: those are answered from `node:fs`. Python's files
 * live in memory; it sees none of the host's. Its `os.umask` would set the process's own (which
 * every runtime of the process shares): it gets a umask of its own, the default again for each
 * runtime.
 */
export async function startNodePython(
  output: PythonOutput,
  snapshot?: Uint8Array,
): Promise<PythonRuntime> {
  if (!bound) {
    const host = process as unknown as { binding(name: string): unknown };
    const binding = host.binding;
    host.binding = (name) => (name === 'constants' ? { fs: constants } : binding.call(host, name));
    (process as unknown as { umask(mask?: number): number }).umask = (mask) => {
      const old = umask;
      if (mask !== undefined) umask = mask;
      return old;
    };
    bound = true;
  }
  umask = UMASK;
  // The runtimes started before and let go of hold tens of MB each until collected, and a
  // sandbox's memory is capped: collected now, so that what a run may hold never depends on
  // how many loads came before (the sandbox process exposes `gc`).
  if (snapshot) (globalThis as { gc?: () => void }).gc?.();
  const { loadPyodide } = await import('pyodide');
  return (await loadPyodide(pyodideOptions(output, snapshot))) as unknown as PythonRuntime;
}
