import type { Language } from '../../src/core/code/refs.js';
import type { Role } from '../../src/core/oracle/verdict.js';
import { transpile } from '../../src/live/transpile.js';
import { type Compiled, evaluateModule } from './evaluate.js';

export type { Compiled, UserModule } from './evaluate.js';

/**
 * Compiles and evaluates user code in one go: {@link transpile} (on the host, in the product)
 * followed by {@link evaluateModule} (in the sandbox).
 */
export function compileModule(source: string, language: Language, role: Role): Compiled {
  const transpiled = transpile({ source, language, role });
  return transpiled.ok ? evaluateModule(transpiled.spec) : transpiled;
}
