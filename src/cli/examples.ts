import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CodeRef, ResolvedCode, SessionCode } from '../core/code/refs.js';
import { ROLES } from '../core/oracle/verdict.js';
import type { Scenario } from '../core/session/scenario.js';
import { UsageError } from './usage-error.js';

/** The `examples/` folder of this installation (found from this file, compiled or not). */
export function examplesDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'examples');
    if (existsSync(join(candidate, 'code'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('the examples folder was not found');
    dir = parent;
  }
}

/** The names of every scenario folder, sorted. */
export function scenarioNames(root = examplesDir()): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, entry.name, 'input.json')))
    .map((entry) => entry.name)
    .sort();
}

/** Reads a scenario's `input.json`. */
export function loadScenario(name: string, root = examplesDir()): Scenario {
  const file = join(root, name, 'input.json');
  if (!/^[a-z0-9-]+$/.test(name) || !existsSync(file)) {
    throw new UsageError(`unknown example "${name}"; known: ${scenarioNames(root).join(', ')}`);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Scenario;
}

/** The text of a code reference (a companion file is read from `examples/`). */
export function codeText(ref: CodeRef, root = examplesDir()): string {
  if ('source' in ref) return ref.source;
  const file = resolve(root, ref.file);
  if (!file.startsWith(resolve(root)))
    throw new UsageError(`code file outside examples: ${ref.file}`);
  return readFileSync(file, 'utf8');
}

/** Resolves every role of `code` to source text. */
export function resolveCode(code: SessionCode, root = examplesDir()): ResolvedCode {
  const resolved: ResolvedCode = { language: code.language };
  for (const role of ROLES) {
    const ref = code[role];
    if (ref) resolved[role] = codeText(ref, root);
  }
  return resolved;
}

/** The same code with every companion file inlined (for a self-contained session). */
export function inlineCode(code: SessionCode, root = examplesDir()): SessionCode {
  const inlined: SessionCode = { language: code.language };
  for (const role of ROLES) {
    const ref = code[role];
    if (ref) inlined[role] = { source: codeText(ref, root) };
  }
  return inlined;
}
