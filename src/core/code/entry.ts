import type { Role } from '../oracle/verdict.js';
import { DEFAULT_LANGUAGE, type Language, runtimeHome } from './runtimes/registry.js';
import type { EntryCandidates } from './runtimes/runtime.js';

export type { EntryCandidates } from './runtimes/runtime.js';

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
  language: Language = DEFAULT_LANGUAGE,
): EntryChoice {
  const hints = runtimeHome(language).entryHints;
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
    return {
      ok: false,
      message: `the ${role} code defines several functions (${bare.join(', ')}): ${hints.several(role)}`,
    };
  }
  return { ok: false, message: hints.none(role) };
}

/**
 * The entry problem a scan of the source can already tell, before any code runs; null when the
 * scan finds none (running the code decides then). The scan reads declarations line by line, so
 * it only speaks when it is sure: code it does not understand is left to the load.
 */
export function scannedEntryProblem(
  source: string,
  role: Role,
  language: Language = DEFAULT_LANGUAGE,
): string | null {
  const { candidates, sure } = runtimeHome(language).scanEntries(source);
  const choice = chooseEntry(role, candidates, language);
  return choice.ok || !sure ? null : choice.message;
}
