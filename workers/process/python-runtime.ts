import { constants } from 'node:fs';
import type { PythonOutput, PythonRuntime } from '../python/runtime.js';
import { pyodideOptions } from '../python/runtime.js';

/**
 * Starts Pyodide in this Node process, from the `pyodide` package (its WebAssembly runtime and
 * standard library ship with it: no system Python, no network). Under Node's permission model
 * `process.binding` is refused, and Pyodide's file system asks it for the `fs` constants only:
 * those are answered from `node:fs`. Python's files live in memory; it sees none of the host's.
 */
export async function startNodePython(output: PythonOutput): Promise<PythonRuntime> {
  const host = process as unknown as { binding(name: string): unknown };
  const binding = host.binding;
  host.binding = (name) => (name === 'constants' ? { fs: constants } : binding.call(host, name));
  const { loadPyodide } = await import('pyodide');
  return (await loadPyodide(pyodideOptions(output))) as unknown as PythonRuntime;
}
