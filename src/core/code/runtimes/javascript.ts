import { hasDefaultExport, listedExports, topLevelFunctions } from '../declarations.js';
import type { EntryCandidates, RuntimeHome } from './runtime.js';

/**
 * JavaScript and TypeScript: ES modules, transpiled on the host (TypeScript's types stripped)
 * and run in a JavaScript sandbox that starts in milliseconds.
 */
export const javascript: RuntimeHome<'js' | 'ts'> = {
  title: 'JavaScript',
  languages: {
    js: { label: 'JavaScript', extensions: ['.js'], editor: 'javascript', typed: false },
    ts: {
      label: 'TypeScript',
      extensions: ['.ts', '.mts', '.cts'],
      editor: 'typescript',
      typed: true,
    },
  },
  companion: 'js',
  inFirstFormat: true,
  transpiled: true,
  freshRuntimes: false,
  syntax: {
    lineComment: '//',
    blockComments: true,
    templates: true,
    tripleQuotes: false,
    regexLiterals: true,
  },
  entryHints: {
    several: (role) => `name one ${role} or export it as default`,
    none: (role) =>
      `the ${role} code defines no usable function: export a function named ${role} (or a default export)`,
  },
  scanEntries(source) {
    const declared = topLevelFunctions(source);
    const candidates: EntryCandidates = {
      exported: [
        ...declared.filter((d) => d.exported).map((d) => d.name),
        ...listedExports(source),
        ...(hasDefaultExport(source) ? ['default'] : []),
      ],
      bare: declared.filter((d) => !d.exported).map((d) => d.name),
    };
    // White space before `export` on its own line only: `\s*` would let each line start read
    // every blank line after it (quadratic in a source of blank lines).
    const understood =
      !/^[^\S\n\r\u2028\u2029]*export\b/m.test(source) || candidates.exported.length > 0;
    const nothing = candidates.exported.length === 0 && candidates.bare.length === 0;
    return { candidates, sure: understood && !(nothing && /=>|\bfunction\b/.test(source)) };
  },
  functionNames(source) {
    return [...topLevelFunctions(source).map((d) => d.name), ...listedExports(source)];
  },
};
