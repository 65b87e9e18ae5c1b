import { undeclaredGuard } from './undeclared.js';

/**
 * The `Function` constructor user code meets in a compartment: the compartment's own, but a
 * function it makes reads undeclared names as plain JavaScript does, with a ReferenceError (a
 * compartment answers `undefined` for them; see `undeclared.ts`). Code that builds and runs a
 * program it was given — a test of a program reduced by its syntax — then sees the errors the
 * program would raise anywhere else.
 *
 * The arguments are compiled by the compartment's constructor first, so that a syntax error is
 * the engine's own and a body can only be a function body; the function returned is then made
 * again inside a scope whose `let` bindings of the names it mentions are never initialised (the
 * guard follows a `return`), and which its own declarations shadow. `bound` names the globals.
 */
export function guardedFunction(
  original: FunctionConstructor,
  evaluate: (source: string) => unknown,
  bound: readonly string[],
): FunctionConstructor {
  function guarded(...args: unknown[]) {
    const made = original(...(args as string[]));
    const params = args.slice(0, -1).map(String).join(', ');
    const body = args.length > 0 ? String(args.at(-1)) : '';
    const guard = undeclaredGuard(`${params}\n${body}`, bound);
    if (guard === '') return made;
    const wrapped = `(function () { return function anonymous(${params}\n) {\n${body}\n}; ${guard} })()`;
    return evaluate(wrapped) as typeof made;
  }
  Object.defineProperty(guarded, 'prototype', { value: original.prototype });
  Object.defineProperty(guarded, 'name', { value: 'Function' });
  return guarded as unknown as FunctionConstructor;
}
