import type { Role } from '../oracle/verdict.js';
import {
  hasDefaultExport,
  listedExports,
  topLevelFunctions,
  topLevelPythonFunctions,
} from './declarations.js';
import type { Language } from './refs.js';

/** The function names a piece of code offers for its role. */
export interface EntryCandidates {
  /** Exported function names (`default` for a default export). */
  exported: readonly string[];
  /** Top-level function names that are not exported. */
  bare: readonly string[];
}

/** The entry picked for a role, or why there is none. */
export type EntryChoice = { ok: true; name: string } | { ok: false; message: string };

/**
 * Picks a role's entry: the function named after the role (exported or bare), else the default
 * export, else the only exported function, else the only top-level function. `valid` is never
 * the entry (it is the domain check).
 */
export function chooseEntry(
  role: Role,
  candidates: EntryCandidates,
  language: Language = 'js',
): EntryChoice {
  const chosen = (name: string): EntryChoice => ({ ok: true, name });
  if (candidates.exported.includes(role) || candidates.bare.includes(role)) return chosen(role);
  if (candidates.exported.includes('default')) return chosen('default');
  const exported = candidates.exported.filter((name) => name !== 'valid');
  const [onlyExported] = exported;
  if (exported.length === 1 && onlyExported !== undefined) return chosen(onlyExported);
  if (exported.length > 1) {
    return {
      ok: false,
      message: `the ${role} code exports several functions (${exported.join(', ')}): name one ${role} or make it the default export`,
    };
  }
  const bare = candidates.bare.filter((name) => name !== 'valid');
  const [onlyBare] = bare;
  if (bare.length === 1 && onlyBare !== undefined) return chosen(onlyBare);
  if (bare.length > 1) {
    const fix =
      language === 'py' ? `name one of them ${role}` : `name one ${role} or export it as default`;
    return {
      ok: false,
      message: `the ${role} code defines several functions (${bare.join(', ')}): ${fix}`,
    };
  }
  if (language === 'py') {
    return { ok: false, message: `the ${role} code defines no function: define one named ${role}` };
  }
  return {
    ok: false,
    message: `the ${role} code defines no usable function: export a function named ${role} (or a default export)`,
  };
}

/**
 * The entry problem a scan of the source can already tell, before any code runs; null when the
 * scan finds none (running the code decides then). The scan reads declarations line by line, so
 * it only speaks when it is sure: code it does not understand is left to the load.
 */
export function scannedEntryProblem(
  source: string,
  role: Role,
  language: Language = 'js',
): string | null {
  if (language === 'py') {
    // A Python module's functions are all bare: the scan is sure of every `def` at the margin.
    const bare = topLevelPythonFunctions(source).map((d) => d.name);
    const choice = chooseEntry(role, { exported: [], bare }, 'py');
    return choice.ok || bare.length === 0 ? null : choice.message;
  }
  const declared = topLevelFunctions(source);
  const listed = listedExports(source);
  const candidates: EntryCandidates = {
    exported: [
      ...declared.filter((d) => d.exported).map((d) => d.name),
      ...listed,
      ...(hasDefaultExport(source) ? ['default'] : []),
    ],
    bare: declared.filter((d) => !d.exported).map((d) => d.name),
  };
  const choice = chooseEntry(role, candidates);
  if (choice.ok) return null;
  // White space before `export` on its own line only: `\s*` would let each line start read
  // every blank line after it (quadratic in a source of blank lines).
  const understood =
    !/^[^\S\n\r\u2028\u2029]*export\b/m.test(source) || candidates.exported.length > 0;
  const nothing = candidates.exported.length === 0 && candidates.bare.length === 0;
  return understood && !(nothing && /=>|\bfunction\b/.test(source)) ? choice.message : null;
}
