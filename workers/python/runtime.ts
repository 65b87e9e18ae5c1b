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
}

/** What starting a runtime writes to: the user's `print` goes to `stdout`. */
export interface PythonOutput {
  stdout(line: string): void;
  stderr(line: string): void;
}

/**
 * The options every Python sandbox starts Pyodide with: the `js` module is an empty object (the
 * page's and the process's globals are not Python's business), no environment, and printed
 * lines go to the sandbox's console.
 */
export function pyodideOptions(output: PythonOutput) {
  return {
    jsglobals: Object.create(null) as object,
    env: { HOME: '/home/pyodide' },
    stdout: output.stdout,
    stderr: output.stderr,
    checkAPIVersion: true,
  };
}
