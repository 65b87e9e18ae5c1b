/** A function declared at the top level of user code, as a scan of its lines finds it. */
export interface Declaration {
  name: string;
  /** Declared with `export` (or `export default`). */
  exported: boolean;
}

const DECLARATION =
  /^(export\s+(?:default\s+)?)?(?:(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)\s*[(<]|(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]*)?=\s*(?:async\b\s*)?(?:function\b|\(|<|[A-Za-z_$][\w$]*\s*=>))/;

/**
 * Functions declared at the top level, by a scan of unindented lines. It may also find names
 * inside comments or strings; the sandbox only uses names that are functions once the code has
 * run, and a generated import names what the user's module declares.
 */
export function topLevelFunctions(source: string): Declaration[] {
  const found: Declaration[] = [];
  for (const line of source.split(/\r?\n/)) {
    const match = DECLARATION.exec(line);
    const name = match?.[2] ?? match?.[3];
    if (name === undefined || RESERVED.has(name) || found.some((d) => d.name === name)) continue;
    found.push({ name, exported: match?.[1] !== undefined });
  }
  return found;
}

/** Functions defined at the top level of a Python module (`def name(` at the start of a line). */
export function topLevelPythonFunctions(source: string): Declaration[] {
  const found: Declaration[] = [];
  for (const match of source.matchAll(/^(?:async\s+)?def\s+([A-Za-z_]\w*)\s*\(/gm)) {
    const name = match[1] as string;
    if (!found.some((d) => d.name === name)) found.push({ name, exported: false });
  }
  return found;
}

/** The names an `export { a, b as c }` list exports (`a` and `c`), in order. */
export function listedExports(source: string): string[] {
  const names: string[] = [];
  for (const list of source.matchAll(/^export\s*\{([^}]*)\}/gm)) {
    for (const item of (list[1] ?? '').split(',')) {
      const name = item
        .trim()
        .split(/\s+as\s+/)
        .at(-1)
        ?.trim();
      if (name && name !== 'default' && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

/** Whether the code has a default export. */
export function hasDefaultExport(source: string): boolean {
  return /^export\s+default\b/m.test(source) || /^export\s*\{[^}]*\bas\s+default\b/m.test(source);
}

// Reserved words name no function (and would break the sandbox's lookup of bare declarations).
const RESERVED = new Set(
  'await break case catch class const continue debugger default delete do else enum export extends false finally for function if implements import in instanceof interface let new null package private protected public return static super switch this throw true try typeof var void while with yield'.split(
    ' ',
  ),
);
