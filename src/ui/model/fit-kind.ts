import { KINDS } from '../../core/input/kinds/registry.js';
import { defaultReducer, REDUCERS, readsSyntax } from '../../core/reduce/reducers.js';
import type { Workspace } from './workspace.js';

/**
 * The workspace with its settings fitted to its input kind: a reducer that cannot reduce the
 * kind gives way to the kind's default, text cut by its syntax goes to the pipeline (and
 * back to the default when cut otherwise), a tree or a program (never generated) is pasted, and
 * only text is a program.
 */
export function fitKind(workspace: Workspace): Workspace {
  const text = KINDS[workspace.kind].text;
  const syntax = text && workspace.split === 'syntax';
  const fits =
    REDUCERS[workspace.reducer].kinds.includes(workspace.kind) &&
    readsSyntax(workspace.reducer) === syntax;
  // A program goes to the pipeline, unless it is already reduced by its syntax (a lesson's).
  const reducer = fits ? workspace.reducer : syntax ? 'pipeline' : defaultReducer(workspace.kind);
  const program = text ? workspace.program : undefined;
  const split = !text && workspace.split === 'syntax' ? 'chars' : workspace.split;
  const never = KINDS[workspace.kind].generator === null;
  const source = never || program !== undefined ? 'paste' : workspace.source;
  if (
    reducer === workspace.reducer &&
    source === workspace.source &&
    split === workspace.split &&
    program === workspace.program
  ) {
    return workspace;
  }
  const { program: _, ...rest } = workspace;
  return { ...rest, reducer, source, split, ...(program !== undefined ? { program } : {}) };
}
