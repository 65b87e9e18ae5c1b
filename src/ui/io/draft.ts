import type { Workspace } from '../model/workspace.js';
import { parseWorkspace } from '../model/workspace-parse.js';
import { readStored, type StoreResult, writeStored } from './storage.js';

/**
 * Where the user's own workspaces are autosaved: each under a key of its own (a lesson's name
 * for the user's version of that lesson, `import: …` for an imported session, `link: …` for a
 * link kept), which was open last, and a revision per draft so that two tabs editing the same
 * draft notice each other.
 */
export const DRAFT_KEY = 'deltalab.drafts.v2';

/** The first format: one workspace per lesson name, in a plain object. Read, never written. */
const OLD_KEY = 'deltalab.drafts.v1';

/** One autosaved workspace. */
export interface Draft {
  key: string;
  workspace: Workspace;
  /** When it was saved (ms since 1970), for the list of drafts. */
  saved: number;
  /** Counts the saves of this key: another tab's save changes it. */
  rev: number;
}

interface Store {
  current: string;
  /** A map, not an object: no key (not even `__proto__`) can break it. */
  drafts: Map<string, Draft>;
}

/** The stored drafts (both formats read; anything unreadable is skipped, never thrown). */
function load(): Store {
  const store: Store = { current: '', drafts: new Map() };
  const text = readStored(DRAFT_KEY);
  const value = parse(text ?? readStored(OLD_KEY));
  if (!value) return store;
  if (typeof value.current === 'string') store.current = value.current;
  // v2: [key, draft] pairs; v1: an object of workspaces by lesson name (JSON.parse makes every
  // key, `__proto__` too, a plain own property).
  const entries: [unknown, unknown][] = Array.isArray(value.drafts)
    ? value.drafts.filter((entry): entry is [unknown, unknown] => Array.isArray(entry))
    : Object.entries(
        typeof value.workspaces === 'object' && value.workspaces !== null ? value.workspaces : {},
      ).map(([key, workspace]) => [key, { workspace, saved: 0, rev: 1 }]);
  for (const [key, draft] of entries) {
    if (typeof key !== 'string' || typeof draft !== 'object' || draft === null) continue;
    const { workspace, saved, rev } = draft as Record<string, unknown>;
    const parsed = parseWorkspace(workspace);
    if (!parsed.ok) continue;
    store.drafts.set(key, {
      key,
      workspace: parsed.workspace,
      saved: typeof saved === 'number' ? saved : 0,
      rev: typeof rev === 'number' ? rev : 1,
    });
  }
  return store;
}

function parse(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function store(value: Store): StoreResult {
  const drafts = [...value.drafts.values()].map(({ key, workspace, saved, rev }) => [
    key,
    { workspace, saved, rev },
  ]);
  return writeStored(DRAFT_KEY, JSON.stringify({ current: value.current, drafts }));
}

/** The draft open last, if one was saved. */
export function currentDraft(): Draft | null {
  const { current, drafts } = load();
  return drafts.get(current) ?? null;
}

/** The draft saved under `key`, if any. */
export function draftFor(key: string): Draft | null {
  return load().drafts.get(key) ?? null;
}

/** Every draft, the newest first. */
export function listDrafts(): Draft[] {
  return [...load().drafts.values()].sort((a, b) => b.saved - a.saved);
}

/** A key like `base` that no draft has yet (`base`, else `base (2)`, `base (3)`, …). */
export function freeKey(base: string): string {
  const { drafts } = load();
  if (!drafts.has(base)) return base;
  for (let n = 2; ; n++) if (!drafts.has(`${base} (${n})`)) return `${base} (${n})`;
}

/** What a save did: saved (the new revision), or kept as a copy because another tab saved. */
export type SaveResult =
  | { ok: true; rev: number; key: string; copied?: boolean }
  | { ok: false; reason: 'blocked' | 'full' };

/**
 * Saves `workspace` under `key` as the draft open last. `rev` is the revision the edit started
 * from (0 for a new draft): when another tab saved the key since, its version stays and this one
 * is kept under a key of its own, with `copied` set; nothing is written over without asking.
 */
export function saveDraft(
  key: string,
  workspace: Workspace,
  rev: number,
  copyKey: () => string = () => `${key} (another tab)`,
): SaveResult {
  const value = load();
  const stored = value.drafts.get(key);
  let target = key;
  let copied = false;
  if (stored && stored.rev !== rev) {
    copied = true;
    target = uniqueIn(value.drafts, copyKey());
  }
  const next = copied ? 1 : (stored?.rev ?? 0) + 1;
  value.drafts.set(target, { key: target, workspace, saved: Date.now(), rev: next });
  value.current = target;
  const written = store(value);
  if (!written.ok) return written;
  return { ok: true, rev: next, key: target, ...(copied ? { copied } : {}) };
}

/** Forgets a draft (the user's own choice: Reset, or Delete in the list of drafts). */
export function dropDraft(key: string): StoreResult {
  const value = load();
  value.drafts.delete(key);
  return store(value);
}

/** Marks `key` as the workspace open last (a lesson opened without a draft of its own). */
export function rememberCurrent(key: string): StoreResult {
  const value = load();
  value.current = key;
  return store(value);
}

/** Whether a `storage` event is about the drafts (another tab saved one). */
export function isDraftsEvent(event: StorageEvent): boolean {
  return event.key === DRAFT_KEY;
}

function uniqueIn(drafts: Map<string, Draft>, base: string): string {
  if (!drafts.has(base)) return base;
  for (let n = 2; ; n++) if (!drafts.has(`${base} (${n})`)) return `${base} (${n})`;
}
