import type { CompileError } from '../../src/core/code/compile-error.js';
import { topLevelFunctions } from '../../src/core/code/declarations.js';
import { chooseEntry } from '../../src/core/code/entry.js';
import { codeFileName } from '../../src/core/code/refs.js';
import type { Json } from '../../src/core/input/kinds.js';
import type { Role } from '../../src/core/oracle/verdict.js';
import { errorParts } from '../../src/core/text/error-text.js';
import type { LoadSpec } from '../../src/protocol/sandbox.js';
import { seeded, seedFor } from './random.js';
import { lockRealm, makeCompartment } from './realm.js';
import {
  frameIn,
  type PositionMap,
  registerSource,
  type SourcePosition,
  sourceMapPositions,
  stackOf,
} from './stack.js';
import { undeclaredGuard } from './undeclared.js';

/** Loaded user code, ready to be called by {@link callEntry}. */
export interface UserModule {
  /** The entry function for the role. */
  fn: (input: Json) => unknown;
  /** The module's own domain check, when it defines `valid`. */
  valid?: (input: Json) => unknown;
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

/** Lines the sandbox puts before the user's code (its wrapper). */
const WRAPPER_LINES = 1;

/**
 * Evaluates transpiled user code in a compartment of its own (see `realm.ts`) and picks the
 * function for `role`: one named after the role (exported or bare), else the default export,
 * else the only exported function, else the only top-level function. `valid`, when defined, is
 * picked by name. Errors come back with their position in the user's source.
 */
export function evaluateModule(
  spec: LoadSpec,
  log: (level: string, args: unknown[]) => void = () => {},
): Compiled {
  const { source, role, code } = spec;
  const file = codeFileName(spec);
  const toSource: PositionMap = sourceMapPositions(spec.mappings);

  // The realm's stacks name user frames at their places in the user's source (see userStack).
  registerSource(file, ({ line, column }) =>
    line - WRAPPER_LINES >= 1 ? toSource({ line: line - WRAPPER_LINES, column }) : undefined,
  );
  const locate = (thrown: unknown): SourcePosition | undefined => {
    const stack = stackOf(thrown);
    return stack === undefined ? undefined : frameIn(stack, file);
  };

  const declared = topLevelFunctions(source).map((declaration) => declaration.name);
  const names = [...new Set([...KNOWN_NAMES, ...declared])];
  // Bare declarations are not exports: hand them back from the function body, by name.
  const tail = `\nreturn {${names.map((name) => `${name}: typeof ${name} === 'function' ? ${name} : undefined`).join(', ')}};`;

  lockRealm();
  // Every module is handed the same stand-in: frozen, so no module leaves state on it.
  harden(noImports);
  const compartment = makeCompartment(seeded, log);
  // The compartment's globals are bound as parameters of a wrapper: user code then reads them
  // as plain variables, as fast as outside a sandbox (a global lookup would go through the
  // compartment's scope proxy).
  // After the return, never run: names the code does not declare throw a ReferenceError.
  const guard = undeclaredGuard(`${code}${tail}`, compartment.names);
  const wrapper = `(function (${compartment.names.join(', ')}) { 'use strict'; return function (exports, require) {\n${code}${tail}\n}; ${guard} })\n//# sourceURL=${file}`;
  let factory: (exports: object, require: (name: string) => never) => unknown;
  try {
    const outer = compartment.evaluate(wrapper) as (...values: unknown[]) => typeof factory;
    factory = outer(...compartment.values);
  } catch (error) {
    // Sucrase parses loosely (it lets `a.;` and duplicate declarations through); the engine
    // rejects them without saying where. The sandbox also refuses `import(` and `<!--`.
    return {
      ok: false,
      error: { ...errorParts(error), ...(locate(error) ?? { line: 1, column: 1 }) },
    };
  }

  const exported: Record<string, unknown> = {};
  let bare: Record<string, unknown>;
  seedFor([]);
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

/** The entry for `role` among the functions the code defined, or why there is none. */
function pickEntry(
  role: Role,
  exported: Record<string, unknown>,
  bare: Record<string, unknown>,
  declared: readonly string[],
): { name: string; fn: AnyFunction } | string {
  const exportedNames = Object.keys(exported).filter((name) => asFunction(exported[name]));
  const bareNames = declared.filter((name) => asFunction(bare[name]) && !(name in exported));
  const choice = chooseEntry(role, { exported: exportedNames, bare: bareNames });
  if (!choice.ok) return choice.message;
  const fn = asFunction(exported[choice.name]) ?? asFunction(bare[choice.name]);
  return fn ? { name: choice.name, fn } : `the ${role} code has no function ${choice.name}`;
}

function asFunction(value: unknown): AnyFunction | undefined {
  return typeof value === 'function' ? (value as AnyFunction) : undefined;
}

/** Stands in for `require`, which sucrase emits for every import. */
function noImports(name: string): never {
  throw new Error(`imports are not available in the sandbox (import of '${name}')`);
}
