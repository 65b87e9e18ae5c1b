import type { RoleError } from '../../src/core/code/compile-error.js';
import { scannedEntryProblem } from '../../src/core/code/entry.js';
import { judgingRoles, type ResolvedCode } from '../../src/core/code/refs.js';
import { runtimeHome } from '../../src/core/code/runtimes/registry.js';
import type { Transpiler } from '../../src/live/transpile.js';

/**
 * What can be told of the code without running any of it: syntax errors (from transpiling, when
 * its runtime's code is transpiled) and a role whose function cannot be found by name.
 */
export async function scanCode(code: ResolvedCode, transpile: Transpiler): Promise<RoleError[]> {
  const scanned = await Promise.all(
    judgingRoles(code).map(async (role): Promise<RoleError[]> => {
      const source = code[role] ?? '';
      if (runtimeHome(code.language).transpiled) {
        const transpiled = await transpile({ source, language: code.language, role });
        if (!transpiled.ok) return [{ ...transpiled.error, role }];
      }
      const problem = scannedEntryProblem(source, role, code.language);
      return problem ? [{ role, name: 'Error', message: problem, line: 1, column: 1 }] : [];
    }),
  );
  return scanned.flat();
}

/**
 * The roles `code` lacks (a run needs a candidate and a reference, or an outcome predicate), as
 * errors for the editor: answered, not thrown, so that `run` always replies.
 */
export function missingCode(code: ResolvedCode): RoleError[] {
  return judgingRoles(code)
    .filter((role) => code[role] === undefined)
    .map((role) => ({
      role,
      name: 'Error',
      message: `the ${role} code is missing`,
      line: 1,
      column: 1,
    }));
}
