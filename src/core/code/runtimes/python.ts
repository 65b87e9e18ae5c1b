import { topLevelPythonFunctions } from '../declarations.js';
import type { RuntimeHome } from './runtime.js';

/**
 * Python: run by Pyodide (CPython compiled to WebAssembly) in a sandbox of its own, which
 * compiles the code itself. Its runtime takes seconds to start the first time, so a sandbox is
 * kept between runs and loads each code into a fresh runtime started from a snapshot.
 */
export const python: RuntimeHome<'py'> = {
  title: 'Python',
  languages: {
    py: { label: 'Python', extensions: ['.py'], editor: 'python', typed: false },
  },
  companion: 'py',
  inFirstFormat: false,
  transpiled: false,
  startMs: 120_000,
  freshRuntimes: true,
  syntax: {
    lineComment: '#',
    blockComments: false,
    templates: false,
    tripleQuotes: true,
    regexLiterals: false,
  },
  entryHints: {
    several: (role) => `name one of them ${role}`,
    none: (role) => `the ${role} code defines no function: define one named ${role}`,
  },
  scanEntries(source) {
    // A Python module's functions are all bare: the scan is sure of every `def` at the margin.
    const bare = topLevelPythonFunctions(source).map((d) => d.name);
    return { candidates: { exported: [], bare }, sure: bare.length > 0 };
  },
  functionNames(source) {
    return topLevelPythonFunctions(source).map((d) => d.name);
  },
};
