import asm from 'pyodide/pyodide.asm.mjs?url';
import wasm from 'pyodide/pyodide.asm.wasm?url';
import loader from 'pyodide/pyodide.js?url';
import lock from 'pyodide/pyodide-lock.json?url';
import stdlib from 'pyodide/python_stdlib.zip?url';

/**
 * The files of the Python runtime (Pyodide) as the built site holds them: emitted by Vite next to
 * the app's own assets, so they come from wherever the site is served, at any path. Only their
 * URLs are here: nothing is fetched until Python is used.
 */
export const PYTHON_FILES: Readonly<Record<string, string>> = {
  'pyodide.js': loader,
  'pyodide.asm.mjs': asm,
  'pyodide.asm.wasm': wasm,
  'python_stdlib.zip': stdlib,
  'pyodide-lock.json': lock,
};
