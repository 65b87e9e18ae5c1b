import type { CompileError } from '../../src/core/code/compile-error.js';
import { topLevelFunctions } from '../../src/core/code/declarations.js';
import { codeFileName } from '../../src/core/code/refs.js';
import type { Role } from '../../src/core/oracle/verdict.js';
import { errorParts } from '../../src/core/text/error-text.js';
import type { LoadSpec } from './protocol.js';
import {
  frameIn,
  functionBodyOffset,
  type PositionMap,
  type SourcePosition,
  sourceMapPositions,
  stackOf,
} from './stack.js';

/** Loaded user code, ready to be called by {@link callEntry}. */
export interface UserModule {
  /** The entry function for the role. */
  fn: (input: number[]) => unknown;
  /** The module's own domain check, when it defines `valid`. */
  valid?: (input: number[]) => unknown;
  /** Where in the user's source a thrown value was raised, when its stack tells. */
  locate?: (thrown: unknown) => SourcePosition | undefined;
}

/**
 * The result of {@link compileModule}: the module with the names of the functions it defines
 * (exported ones first, then bare top-level ones) and the one picked as its entry, or an error.
 */
export type Compiled =
  | { ok: true; module: UserModule; exports: string[]; entry: string }
  | { ok: false; error: CompileError };

type AnyFunction = (...args: unknown[]) => unknown;

/** Names looked up as bare declarations even when the line scan misses them. */
const KNOWN_NAMES = ['candidate', 'reference', 'outcome', 'valid'];

/**
 * Evaluates transpiled user code and picks the function for `role`: one named after the role
 * (exported or bare), else the default export, else the only exported function, else the only
 * top-level function. `valid`, when defined, is picked by name. Errors come back with their
 * position in the user's source.
 */
export function evaluateModule(spec: LoadSpec): Compiled {
  const { source, role, code } = spec;
  const file = codeFileName(spec);
  const toSource: PositionMap = sourceMapPositions(spec.mappings);

  const locate = (thrown: unknown): SourcePosition | undefined => {
    const stack = stackOf(thrown);
    const frame = stack === undefined ? undefined : frameIn(stack, file);
    if (!frame) return undefined;
    const line = frame.line - functionBodyOffset();
    return line >= 1 ? toSource({ line, column: frame.column }) : undefined;
  };

  const declared = topLevelFunctions(source).map((declaration) => declaration.name);
  const names = [...new Set([...KNOWN_NAMES, ...declared])];
  // Bare declarations are not exports: hand them back from the function body, by name.
  const tail = `\nreturn {${names.map((name) => `${name}: typeof ${name} === 'function' ? ${name} : undefined`).join(', ')}};\n//# sourceURL=${file}`;

  let factory: (exports: object, require: (name: string) => never) => unknown;
  try {
    factory = new Function('exports', 'require', code + tail) as typeof factory;
  } catch (error) {
    // Sucrase parses loosely (it lets `a.;` and duplicate declarations through); the engine
    // rejects them without saying where.
    return { ok: false, error: { ...errorParts(error), line: 1, column: 1 } };
  }

  const exported: Record<string, unknown> = {};
  let bare: Record<string, unknown>;
  try {
    bare = (factory(exported, noImports) ?? {}) as Record<string, unknown>;
  } catch (error) {
    return {
      ok: false,
      error: { ...errorParts(error), ...(locate(error) ?? { line: 1, column: 1 }) },
    };
  }

  const functions = new Map<string, AnyFunction>();
  for (const [name, value] of Object.entries(exported)) {
    if (typeof value === 'function') functions.set(name, value as AnyFunction);
  }
  for (const name of declared) {
    const value = bare[name];
    if (typeof value === 'function' && !functions.has(name))
      functions.set(name, value as AnyFunction);
  }

  const entry = pickEntry(role, exported, bare, declared);
  if (typeof entry === 'string') {
    return { ok: false, error: { name: 'Error', message: entry, line: 1, column: 1 } };
  }
  const valid = asFunction(exported.valid) ?? asFunction(bare.valid);
  const module: UserModule = { fn: entry.fn, locate, ...(valid ? { valid } : {}) };
  return { ok: true, module, exports: [...functions.keys()], entry: entry.name };
}

/** The entry for `role`, or why there is none. */
function pickEntry(
  role: Role,
  exported: Record<string, unknown>,
  bare: Record<string, unknown>,
  declared: readonly string[],
): { name: string; fn: AnyFunction } | string {
  const named = asFunction(exported[role]) ?? asFunction(bare[role]);
  if (named) return { name: role, fn: named };
  const byDefault = asFunction(exported.default);
  if (byDefault) return { name: 'default', fn: byDefault };

  const exportedNames = Object.keys(exported).filter(
    (name) => name !== 'valid' && asFunction(exported[name]),
  );
  const only = (names: readonly string[], from: Record<string, unknown>) => {
    const name = names[0];
    const fn = name === undefined ? undefined : asFunction(from[name]);
    return names.length === 1 && name !== undefined && fn ? { name, fn } : undefined;
  };
  if (exportedNames.length > 0) {
    return (
      only(exportedNames, exported) ??
      `the ${role} code exports several functions (${exportedNames.join(', ')}): name one ${role} or make it the default export`
    );
  }
  const bareNames = declared.filter((name) => name !== 'valid' && asFunction(bare[name]));
  if (bareNames.length > 1) {
    return `the ${role} code defines several functions (${bareNames.join(', ')}): name one ${role} or export it as default`;
  }
  return (
    only(bareNames, bare) ??
    `the ${role} code defines no usable function: export a function named ${role} (or a default export)`
  );
}

function asFunction(value: unknown): AnyFunction | undefined {
  return typeof value === 'function' ? (value as AnyFunction) : undefined;
}

/** Stands in for `require`, which sucrase emits for every import. */
function noImports(name: string): never {
  throw new Error(`imports are not available in the sandbox (import of '${name}')`);
}
