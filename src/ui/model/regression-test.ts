import { hasDefaultExport, topLevelFunctions } from '../../core/code/declarations.js';
import { KINDS } from '../../core/input/kinds/registry.js';
import type { Json } from '../../core/input/kinds.js';
import type { Role } from '../../core/oracle/verdict.js';
import type { ReduceSummary } from '../../core/run/run.js';
import { VIEWS } from './kinds/registry.js';
import type { Workspace } from './workspace.js';

export { immutableArguments } from './kinds/args.js';

/** An input as a JavaScript literal: `[3, 1, 2]`, a string in quotes, any JSON value. */
const list = (input: Json) =>
  Array.isArray(input) && input.every((x) => typeof x === 'number')
    ? `[${input.join(', ')}]`
    : JSON.stringify(input);

/**
 * A Vitest file that pins a reduced failure as a regression test: it fails while the bug is
 * there and passes once it is fixed. It imports the user's own modules (`./candidate.js` and
 * `./reference.js`, or `./outcome.js`), so it runs against the code in their project, binding
 * the function the sandbox ran: the role's name, the default export, or the only function.
 */
export function regressionTest(workspace: Workspace, summary: ReduceSummary): string {
  const { reduced, original } = pinnedInputs(summary);
  const lines = [
    "import { describe, expect, it } from 'vitest';",
    ...(workspace.mode === 'outcome'
      ? importOf('outcome', workspace.outcome)
      : [
          ...importOf('candidate', workspace.candidate),
          ...importOf('reference', workspace.reference),
        ]),
    '',
    ...provenance(summary, list(reduced)).map((line) => `// ${line}`),
    // The name comes from the workspace (maybe from a link): quoted, it can only be a string.
    `describe(${JSON.stringify(`${workspace.lesson || 'candidate'} regression`)}, () => {`,
    ...cases(workspace, reduced, original),
    '});',
    '',
  ];
  return lines.join('\n');
}

/** The inputs a regression test pins: the reduced one, and the original it came from. */
export function pinnedInputs(summary: ReduceSummary): { reduced: Json; original: Json } {
  const reduced = summary.reduced ?? [];
  return { reduced, original: summary.original ?? reduced };
}

/**
 * Where a pinned failure came from, in three lines of comment text (without the comment marker),
 * `reduced` written as the test's language writes it.
 */
export function provenance(summary: ReduceSummary, reduced: string): string[] {
  const origin =
    summary.attempts !== undefined
      ? `seed ${summary.seed}, attempt ${summary.attempts}`
      : 'a given failing input';
  return [
    `Found by Delta Lab (${origin}) and reduced by ${summary.reducer} in ${summary.calls} calls`,
    `to ${reduced}${summary.verified ? ', 1-minimal' : ''}. The original input is kept too:`,
    'the reduced one locates the bug, the original checks that a fix covers more than it.',
  ];
}

/**
 * The import of a role's function from its module, picked as the sandbox picks it (the role's
 * name, else the default export, else the only function). A function the code declares without
 * `export` gets a note: a module must export it to be imported.
 */
function importOf(role: Role, source: string): string[] {
  const from = `'./${role}.js'`;
  const declared = topLevelFunctions(source).filter((d) => d.name !== 'valid');
  const own = declared.find((d) => d.name === role);
  if (!own && hasDefaultExport(source)) return [`import ${role} from ${from};`];
  const exported = declared.filter((d) => d.exported);
  const picked = own ?? (exported.length === 1 ? exported[0] : declared[0]);
  const name = picked?.name ?? role;
  const binding = name === role ? `{ ${role} }` : `{ ${name} as ${role} }`;
  const note = picked && !picked.exported ? [`// ${role}.js must export ${name}.`] : [];
  return [...note, `import ${binding} from ${from};`];
}

function cases(workspace: Workspace, reduced: Json, original: Json): string[] {
  const inputs: [string, Json][] = [['the reduced counterexample', reduced]];
  if (list(original) !== list(reduced)) inputs.push(['the original failing input', original]);
  const call = KINDS[workspace.kind].call;
  return inputs.flatMap(([name, input]) => [
    `  it(${quote(`passes on ${name} ${short(list(input))}`)}, () => {`,
    `    const ${call ? 'args' : 'input'} = ${list(input)};`,
    check(workspace, input),
    '  });',
  ]);
}

function check(workspace: Workspace, input: Json): string {
  // Each function gets its own copy of what it could change, as the kind passes it.
  const arg = VIEWS[workspace.kind].testArgument(input);
  if (workspace.mode === 'outcome') return `    expect(outcome(${arg})).not.toBe('FAIL');`;
  switch (workspace.chase) {
    case 'crash':
      return `    expect(() => candidate(${arg})).not.toThrow();`;
    case 'timeout':
      return `    // The candidate hung on this input: the test fails by timing out until it is fixed.\n    expect(candidate(${arg})).toEqual(reference(${arg}));`;
    case 'wrong-answer':
      return `    expect(candidate(${arg})).toEqual(reference(${arg}));`;
  }
}

/** A literal short enough for a test's name. */
function short(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** A string literal: in single quotes when nothing in it needs escaping, else JSON's. */
function quote(text: string): string {
  return /^[^'\\\n\u2028\u2029]*$/.test(text) ? `'${text}'` : JSON.stringify(text);
}
