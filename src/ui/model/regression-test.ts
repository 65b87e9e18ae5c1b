import type { RunSummary } from '../../core/session/run.js';
import type { Workspace } from './workspace.js';

const list = (input: readonly number[]) => `[${input.join(', ')}]`;

/**
 * A Vitest file that pins a reduced failure as a regression test: it fails while the bug is
 * there and passes once it is fixed. It imports the user's own modules (`./candidate.js` and
 * `./reference.js`, or `./outcome.js`), so it runs against the code in their project.
 */
export function regressionTest(workspace: Workspace, summary: RunSummary): string {
  const reduced = summary.reduced ?? [];
  const original = summary.original ?? reduced;
  const origin =
    summary.attempts !== undefined
      ? `seed ${summary.seed}, attempt ${summary.attempts}`
      : 'a given failing input';
  const lines = [
    "import { describe, expect, it } from 'vitest';",
    ...(workspace.mode === 'outcome'
      ? ["import { outcome } from './outcome.js';"]
      : [
          "import { candidate } from './candidate.js';",
          "import { reference } from './reference.js';",
        ]),
    '',
    `// Found by Delta Lab (${origin}) and reduced by ${summary.reducer} in ${summary.calls} calls`,
    `// to ${list(reduced)}${summary.verified ? ', 1-minimal' : ''}. The original input is kept too:`,
    '// the reduced one locates the bug, the original checks that a fix covers more than it.',
    // The name comes from the workspace (maybe from a link): quoted, it can only be a string.
    `describe(${JSON.stringify(`${workspace.lesson || 'candidate'} regression`)}, () => {`,
    ...cases(workspace, reduced, original),
    '});',
    '',
  ];
  return lines.join('\n');
}

function cases(workspace: Workspace, reduced: number[], original: number[]): string[] {
  const inputs: [string, number[]][] = [['the reduced counterexample', reduced]];
  if (list(original) !== list(reduced)) inputs.push(['the original failing input', original]);
  return inputs.flatMap(([name, input]) => [
    `  it('passes on ${name} ${list(input)}', () => {`,
    `    const input = ${list(input)};`,
    check(workspace),
    '  });',
  ]);
}

function check(workspace: Workspace): string {
  if (workspace.mode === 'outcome') return "    expect(outcome(input)).not.toBe('FAIL');";
  switch (workspace.chase) {
    case 'crash':
      return '    expect(() => candidate([...input])).not.toThrow();';
    case 'timeout':
      return '    // The candidate hung on this input: the test fails by timing out until it is fixed.\n    expect(candidate([...input])).toEqual(reference([...input]));';
    case 'wrong-answer':
      return '    expect(candidate([...input])).toEqual(reference([...input]));';
  }
}
