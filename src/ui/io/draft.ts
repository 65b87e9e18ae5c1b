import type { Workspace } from '../model/workspace.js';
import { parseWorkspace } from '../model/workspace-parse.js';
import { readStored, type StoreResult, writeStored } from './storage.js';

/** Where the user's own workspaces are autosaved: one per lesson, and which was open last. */
export const DRAFT_KEY = 'deltalab.drafts.v1';

interface Drafts {
  current: string;
  workspaces: Record<string, Workspace>;
}

function load(): Drafts {
  const text = readStored(DRAFT_KEY);
  const empty: Drafts = { current: '', workspaces: {} };
  if (!text) return empty;
  try {
    const value = JSON.parse(text) as Partial<Drafts>;
    const drafts: Drafts = {
      current: typeof value.current === 'string' ? value.current : '',
      workspaces: {},
    };
    for (const [name, workspace] of Object.entries(value.workspaces ?? {})) {
      const parsed = parseWorkspace(workspace);
      if (parsed.ok) drafts.workspaces[name] = parsed.workspace;
    }
    return drafts;
  } catch {
    return empty;
  }
}

/** The workspace that was open last, if one was saved. */
export function currentDraft(): Workspace | null {
  const drafts = load();
  return drafts.workspaces[drafts.current] ?? null;
}

/** The saved workspace of a lesson, if the user has one. */
export function draftFor(lesson: string): Workspace | null {
  return load().workspaces[lesson] ?? null;
}

/** Autosaves a workspace as its lesson's draft and as the one open last. */
export function saveDraft(workspace: Workspace): StoreResult {
  const drafts = load();
  drafts.current = workspace.lesson;
  drafts.workspaces[workspace.lesson] = workspace;
  return writeStored(DRAFT_KEY, JSON.stringify(drafts));
}

/** Forgets a lesson's draft (after Reset to the lesson's code). */
export function dropDraft(lesson: string): StoreResult {
  const drafts = load();
  delete drafts.workspaces[lesson];
  drafts.current = lesson;
  return writeStored(DRAFT_KEY, JSON.stringify(drafts));
}
