import type { Role } from '../../src/core/oracle/verdict.js';
import { type Compiled, evaluateModule } from './evaluate.js';
import { transpile } from './transpile.js';
import type { Language } from './types.js';

export type { Compiled, UserModule } from './evaluate.js';

/**
 * Compiles and evaluates user code in one go: {@link transpile} (on the host, in the product)
 * followed by {@link evaluateModule} (in the sandbox).
 */
export function compileModule(source: string, language: Language, role: Role): Compiled {
  const transpiled = transpile({ source, language, role });
  return transpiled.ok ? evaluateModule(transpiled.spec) : transpiled;
}
