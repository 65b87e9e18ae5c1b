import { topLevelPythonFunctions } from '../../core/code/declarations.js';
import { judgingRoles } from '../../core/code/refs.js';
import { KINDS } from '../../core/input/kinds/registry.js';
import type { Json } from '../../core/input/kinds.js';
import type { Role } from '../../core/oracle/verdict.js';
import type { ReduceSummary } from '../../core/run/run.js';
import { immutableArguments, pinnedInputs, provenance } from './regression-test.js';
import { codeOf, type Workspace } from './workspace.js';

/**
 * A pytest file that pins a reduced failure of Python code as a regression test: it fails while
 * the bug is there and passes once it is fixed. It imports the user's own modules
 * (`candidate.py` and `reference.py`, or `outcome.py`), binding the function the sandbox ran: the
 * role's name, else the only function. Inputs are written as JSON read by `json.loads`, so every
 * kind of input keeps its exact value.
 */
export function pythonRegressionTest(workspace: Workspace, summary: ReduceSummary): string {
  const { reduced, original } = pinnedInputs(summary);
  const inputs: [string, Json][] = [['reduced', reduced]];
  if (JSON.stringify(original) !== JSON.stringify(reduced)) inputs.push(['original', original]);
  const roles: Role[] = judgingRoles(codeOf(workspace));
  return [
    'import json',
    '',
    ...roles.map((role) => importOf(role, workspace[role])),
    '',
    ...provenance(summary, JSON.stringify(reduced)).map((line) => `# ${line}`),
    ...inputs.flatMap(([name, input]) => [
      '',
      '',
      `def test_${name}_input():`,
      // A JSON string literal is a Python string literal of the same value.
      `    text = ${JSON.stringify(JSON.stringify(input))}`,
      ...(KINDS[workspace.kind].call ? callCheck(workspace, input) : check(workspace)),
    ]),
    '',
  ].join('\n');
}

/** `from candidate import candidate`, or the only function under the role's name. */
function importOf(role: Role, source: string): string {
  const declared = topLevelPythonFunctions(source)
    .map((d) => d.name)
    .filter((name) => name !== 'valid');
  const name = declared.includes(role) ? role : (declared[0] ?? role);
  return name === role ? `from ${role} import ${role}` : `from ${role} import ${name} as ${role}`;
}

function check(workspace: Workspace): string[] {
  // Each function gets its own copy of the input.
  if (workspace.mode === 'outcome') return ['    assert outcome(json.loads(text)) != "FAIL"'];
  switch (workspace.chase) {
    case 'crash':
      return ['    candidate(json.loads(text))  # raised while the bug was there'];
    case 'timeout':
      return [
        '    # The candidate hung on this input: run pytest with a timeout (pytest-timeout).',
        '    assert candidate(json.loads(text)) == reference(json.loads(text))',
      ];
    case 'wrong-answer':
      return ['    assert candidate(json.loads(text)) == reference(json.loads(text))'];
  }
}

/**
 * A call's check: its arguments spread into each function (`candidate(*args)`), each function
 * given its own copy when an argument could be changed (a list, a dict).
 */
function callCheck(workspace: Workspace, input: Json): string[] {
  const own = immutableArguments(input);
  const args = own ? 'args' : 'json.loads(text)';
  const load = '    args = json.loads(text)';
  if (workspace.mode === 'outcome') return [load, '    assert outcome(*args) != "FAIL"'];
  switch (workspace.chase) {
    case 'crash':
      return [load, '    candidate(*args)  # raised while the bug was there'];
    case 'timeout':
      return [
        load,
        '    # The candidate hung on this call: run pytest with a timeout (pytest-timeout).',
        `    assert candidate(*args) == reference(*${args})`,
      ];
    case 'wrong-answer':
      return [load, `    assert candidate(*args) == reference(*${args})`];
  }
}
