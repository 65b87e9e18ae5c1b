/**
 * The little of a Pyodide runtime a Python sandbox uses (so that nothing else depends on
 * Pyodide's own types), and how it is started on either platform.
 */

/** A Python function as JavaScript holds it: called with strings and numbers. */
export type PythonFunction = (...args: (string | number)[]) => unknown;

/** A started Python runtime. */
export interface PythonRuntime {
  /** Runs Python source at the top level of the runtime's `__main__`. */
  runPython(code: string): unknown;
  /** `__main__`'s globals. */
  globals: { get(name: string): unknown };
  /**
   * The runtime's memory as it is now, for {@link StartPython} to start others from (only a
   * runtime started without a snapshot makes one).
   */
  makeMemorySnapshot(): Uint8Array;
}

/**
 * Starts a Python runtime on the platform: afresh (seconds), or from a memory snapshot that
 * another runtime made (a fraction of a second), the new one then in the state the snapshot
 * holds: modules, objects, interpreter settings. Its files are Pyodide's own, as after a start.
 */
export type StartPython = (snapshot?: Uint8Array) => Promise<PythonRuntime>;

/** What starting a runtime writes to: the user's `print` goes to `stdout`. */
export interface PythonOutput {
  stdout(line: string): void;
  stderr(line: string): void;
}

/**
 * The options every Python sandbox starts Pyodide with: the `js` module is an empty object (the
 * page's and the process's globals are not Python's business), no environment, and printed
 * lines go to the sandbox's console. A runtime started afresh can make snapshots; one started
 * from a snapshot cannot.
 */
export function pyodideOptions(output: PythonOutput, snapshot?: Uint8Array) {
  return {
    jsglobals: Object.create(null) as object,
    env: { HOME: '/home/pyodide' },
    stdout: output.stdout,
    stderr: output.stderr,
    checkAPIVersion: true,
    ...(snapshot ? { _loadSnapshot: snapshot } : { _makeSnapshot: true }),
  };
}
