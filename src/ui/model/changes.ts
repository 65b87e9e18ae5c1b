import { type InputKind, namedKind, type Split } from '../../core/input/kinds.js';
import type { IsolationMode } from '../../core/isolate/types.js';
import type { HistoryVersion } from '../../core/session/isolation-config.js';
import type { SessionConfig, StoredConfig } from '../../core/session/task.js';
import { fileTextOf } from './lessons.js';
import { inputAsText } from './pasted.js';

/**
 * A workspace that isolates a change of code (the Debugging Book's ChangeDebugger) runs a session
 * whose input is today's candidate cut into lines and whose passing side is yesterday's, each
 * version judged on the pasted call (see `live/changes-oracle.ts`): the workspace keeps the call
 * as its pasted input, of its own kind, and yesterday's candidate in `changes`. A history
 * lesson keeps every version in `versions` too: the session bisects them first.
 */

/** What of a workspace a change of code reads (see `Workspace`). */
export interface ChangesFields {
  /** Yesterday's candidate (null: the workspace does not isolate a change). */
  changes: string | null;
  mode: 'pair' | 'outcome';
  candidate: string;
  isolate: IsolationMode | null;
  kind: InputKind;
  versions?: HistoryVersion[];
}

/** What a session that isolates a change of code sets in its workspace. */
export interface ChangesWorkspace {
  changes: string;
  kind: InputKind;
  split: Split;
  source: 'paste';
  failing: string;
  passing: string;
  versions?: HistoryVersion[];
}

/** The session config of a workspace with `changes`: its pasted input made the call. */
export function withChanges(workspace: ChangesFields, config: StoredConfig): StoredConfig {
  if (workspace.changes === null || workspace.mode !== 'pair' || config.input === undefined) {
    return config;
  }
  const { kind: _kind, split: _split, input: call, ...rest } = config;
  return {
    ...rest,
    kind: 'string',
    split: 'lines',
    // A lesson file in another language's comments is the file itself (see `fileTextOf`).
    input: fileTextOf(workspace.candidate),
    isolate: {
      mode: workspace.isolate ?? '+-',
      pass: fileTextOf(workspace.changes),
      replace: true,
    },
    changes: {
      input: call,
      ...namedKind(workspace.kind),
      ...(workspace.versions ? { versions: historyOf(workspace.versions, workspace) } : {}),
    },
  };
}

/**
 * A workspace's history, its oldest version yesterday's candidate and its newest today's as the
 * editors hold them: an edit of either is an edit of that version.
 */
function historyOf(
  versions: readonly HistoryVersion[],
  workspace: ChangesFields,
): HistoryVersion[] {
  const last = versions.length - 1;
  // Members in the order a session keeps them, so that a lesson and its recording agree.
  return versions.map(({ code, label }, i) => ({
    code: fileTextOf(
      i === 0 ? (workspace.changes ?? code) : i === last ? workspace.candidate : code,
    ),
    label,
  }));
}

/** What a session that isolates a change of code sets in its workspace (nothing for others). */
export function changesWorkspace(config: SessionConfig): ChangesWorkspace | Record<never, never> {
  if (config.task !== 'changes' && config.task !== 'history') return {};
  const { changes, isolate } = config;
  if (typeof isolate.pass !== 'string') return {};
  const kind = changes.kind ?? 'int-array';
  return {
    changes: isolate.pass,
    kind,
    split: 'chars',
    source: 'paste',
    failing: inputAsText(changes.input, kind),
    passing: '',
    ...(changes.versions ? { versions: changes.versions } : {}),
  };
}
