import type { InputKind, Split } from '../../core/input/kinds.js';
import type { IsolationMode } from '../../core/isolate/types.js';
import type { SessionConfig } from '../../core/session/config.js';
import { fileTextOf } from './lessons.js';
import { inputAsText } from './pasted.js';

/**
 * A workspace that isolates a change of code (the Debugging Book's ChangeDebugger) runs a session
 * whose input is today's candidate cut into lines and whose passing side is yesterday's, each
 * version judged on the pasted call (see `live/changes-oracle.ts`): the workspace keeps the call
 * as its pasted input, of its own kind, and yesterday's candidate in `changes`.
 */

/** What of a workspace a change of code reads (see `Workspace`). */
export interface ChangesFields {
  /** Yesterday's candidate (null: the workspace does not isolate a change). */
  changes: string | null;
  mode: 'pair' | 'outcome';
  candidate: string;
  isolate: IsolationMode | null;
  kind: InputKind;
}

/** What a session that isolates a change of code sets in its workspace. */
export interface ChangesWorkspace {
  changes: string;
  kind: InputKind;
  split: Split;
  source: 'paste';
  pasted: string;
  passed: string;
}

/** The session config of a workspace with `changes`: its pasted input made the call. */
export function withChanges(workspace: ChangesFields, config: SessionConfig): SessionConfig {
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
    changes: { input: call, ...(workspace.kind !== 'int-array' ? { kind: workspace.kind } : {}) },
  };
}

/** What a session that isolates a change of code sets in its workspace (nothing for others). */
export function changesWorkspace(config: SessionConfig): ChangesWorkspace | Record<never, never> {
  const { changes, isolate } = config;
  if (!changes || typeof isolate?.pass !== 'string') return {};
  const kind = changes.kind ?? 'int-array';
  return {
    changes: isolate.pass,
    kind,
    split: 'chars',
    source: 'paste',
    pasted: inputAsText(changes.input, kind),
    passed: '',
  };
}
