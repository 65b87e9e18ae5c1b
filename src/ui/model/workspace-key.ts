import { fileTextOf, twinsVersion } from './lessons.js';
import { codeOf, configOf, type Workspace } from './workspace.js';

/**
 * What a run of the workspace depends on (its session config and its code), as a key: two
 * workspaces with the same key run the same session. A lesson file counts as itself in every
 * language of the page: its twins differ only in comments, so they run the same calls, and an
 * untouched lesson on the Chinese page still matches its recording. Workspaces are never
 * changed in place (an edit makes a new one), so each one's key is made once, until more twins
 * load: the page asks for it several times per render.
 */
export function workspaceKey(workspace: Workspace): string {
  const twins = twinsVersion();
  const kept = keys.get(workspace);
  if (kept?.twins === twins) return kept.key;
  // A title and notes change no run.
  const { own: _, ...run } = workspace;
  const filed: Workspace = {
    ...run,
    candidate: fileTextOf(workspace.candidate),
    reference: fileTextOf(workspace.reference),
    outcome: fileTextOf(workspace.outcome),
    changes: workspace.changes === null ? null : fileTextOf(workspace.changes),
  };
  const key = JSON.stringify([configOf(filed), codeOf(filed)]);
  keys.set(workspace, { key, twins });
  return key;
}

/** Each workspace's {@link workspaceKey}, with the twins it was made with. */
const keys = new WeakMap<Workspace, { key: string; twins: number }>();
