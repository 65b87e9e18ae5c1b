/**
 * Undeclared names throw as in plain JavaScript. A compartment's scope answers `undefined` for a
 * name that no scope declares (so `x + 1` is NaN and `x.y` a TypeError): user code reducing
 * program text, or with a typo, should meet the ReferenceError it would meet anywhere else.
 *
 * Every identifier the code mentions (an over-approximation: property names and words in strings
 * too) gets a `let` binding in a scope around the code that is never initialised: a read or a
 * write of it throws a ReferenceError (the binding is in its temporal dead zone), and any
 * declaration of the name in the code shadows it. The names the wrapper binds (the compartment's
 * globals, `exports`, `require`), reserved words, names that follow `typeof` (which answers
 * "undefined" for an undeclared name) and names set on `globalThis` are left out.
 */
export function undeclaredGuard(code: string, bound: readonly string[]): string {
  const skip = new Set([...bound, ...RESERVED]);
  for (const [, name] of code.matchAll(/\btypeof\s+([A-Za-z_$][\w$]*)/g)) skip.add(name as string);
  // A name the code puts on the global object itself is a global, as in plain JavaScript.
  for (const [, name] of code.matchAll(/\bglobalThis\s*\.\s*([A-Za-z_$][\w$]*)/g)) {
    skip.add(name as string);
  }
  const names = new Set<string>();
  for (const [name] of code.matchAll(/(?<![\w$.#])[A-Za-z_$][\w$]*/g)) {
    if (!skip.has(name)) names.add(name);
  }
  return names.size === 0 ? '' : `let ${[...names].join(', ')};`;
}

/** Words that cannot name a `let` binding in strict code, and names the engine keeps. */
const RESERVED = [
  'arguments',
  'await',
  'break',
  'case',
  'catch',
  'class',
  'const',
  'continue',
  'debugger',
  'default',
  'delete',
  'do',
  'else',
  'enum',
  'eval',
  'export',
  'exports',
  'extends',
  'false',
  'finally',
  'for',
  'function',
  'if',
  'implements',
  'import',
  'in',
  'instanceof',
  'interface',
  'let',
  'new',
  'null',
  'package',
  'private',
  'protected',
  'public',
  'require',
  'return',
  'static',
  'super',
  'switch',
  'this',
  'throw',
  'true',
  'try',
  'typeof',
  'undefined',
  'var',
  'void',
  'while',
  'with',
  'yield',
  'NaN',
  'Infinity',
];
