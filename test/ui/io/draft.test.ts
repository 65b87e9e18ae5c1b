import { beforeEach, describe, expect, it } from 'vitest';
import {
  currentDraft,
  DRAFT_KEY,
  draftFor,
  freeKey,
  listDrafts,
  saveDraft,
} from '../../../src/ui/io/draft.js';
import type { Workspace } from '../../../src/ui/model/workspace.js';
import { parseWorkspace } from '../../../src/ui/model/workspace-parse.js';

/** A Storage in memory, as a browser's `localStorage` (with a quota to fill). */
class MemoryStorage {
  readonly items = new Map<string, string>();
  quota = Number.POSITIVE_INFINITY;
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (value.length > this.quota) throw new DOMException('full', 'QuotaExceededError');
    this.items.set(key, value);
  }
}

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  (globalThis as unknown as { window: unknown }).window = { localStorage: storage };
});

const BASE = parseWorkspace({
  lesson: 'article',
  language: 'js',
  mode: 'pair',
  candidate: 'export const candidate = (a) => 0;',
  reference: 'export const reference = (a) => a[0];',
  outcome: '',
  source: 'generate',
  seed: '1103',
  length: 12,
  min: -9,
  max: 9,
  maxAttempts: 100000,
  failing: '',
  reducer: 'chunks',
  chase: 'wrong-answer',
  signature: '',
  callMs: 1000,
});
if (!BASE.ok) throw new Error(BASE.reason);
const workspace = (candidate: string): Workspace => ({ ...BASE.workspace, candidate });

describe('drafts', () => {
  it('keeps drafts under any key, __proto__ included, and every other draft stays reachable', () => {
    expect(saveDraft('article', workspace('a'), 0)).toMatchObject({ ok: true, rev: 1 });
    expect(saveDraft('__proto__', workspace('p'), 0)).toMatchObject({ ok: true, rev: 1 });
    expect(saveDraft('constructor', workspace('c'), 0)).toMatchObject({ ok: true, rev: 1 });
    expect(draftFor('article')?.workspace.candidate).toBe('a');
    expect(draftFor('__proto__')?.workspace.candidate).toBe('p');
    expect(draftFor('constructor')?.workspace.candidate).toBe('c');
    expect(draftFor('toString')).toBeNull();
    expect(currentDraft()?.key).toBe('constructor');
    expect(
      listDrafts()
        .map((draft) => draft.key)
        .sort(),
    ).toEqual(['__proto__', 'article', 'constructor']);
  });

  it('reads the first format, a __proto__ lesson name and all', () => {
    storage.items.set(
      'deltalab.drafts.v1',
      `{"current":"trap","workspaces":{"__proto__":${JSON.stringify(workspace('p'))},"trap":${JSON.stringify(workspace('t'))}}}`,
    );
    expect(currentDraft()?.workspace.candidate).toBe('t');
    expect(draftFor('__proto__')?.workspace.candidate).toBe('p');
    // Saving writes the new format, which keeps both.
    saveDraft('trap', workspace('t2'), 1);
    expect(JSON.parse(storage.items.get(DRAFT_KEY) ?? '{}').drafts).toHaveLength(2);
  });

  it('keeps an edit made on an old revision as a copy instead of writing over another tab', () => {
    expect(saveDraft('article', workspace('mine'), 0)).toMatchObject({ rev: 1 });
    // Another tab saves revision 2.
    expect(saveDraft('article', workspace('theirs'), 1)).toMatchObject({ rev: 2 });
    // This tab still edits revision 1: its edit goes to a copy.
    const saved = saveDraft('article', workspace('mine, edited'), 1, () => 'article (two tabs)');
    expect(saved).toEqual({ ok: true, rev: 1, key: 'article (two tabs)', copied: true });
    expect(draftFor('article')?.workspace.candidate).toBe('theirs');
    expect(draftFor('article (two tabs)')?.workspace.candidate).toBe('mine, edited');
  });

  it('reads a draft from before input kinds as integer arrays, and keeps a kind it names', () => {
    expect(BASE.workspace).toMatchObject({ kind: 'int-array', split: 'chars' });
    const text = parseWorkspace({ ...BASE.workspace, kind: 'string', split: 'lines' });
    expect(text).toMatchObject({ ok: true, workspace: { kind: 'string', split: 'lines' } });
    expect(parseWorkspace({ ...BASE.workspace, kind: 'xml' })).toEqual({
      ok: false,
      reason: 'unknown input kind',
    });
  });

  it('reads a draft saved when the failing and passing inputs were stored as pasted and passed', () => {
    const { failing: _, passing: __, ...rest } = workspace('old');
    const old = { ...rest, source: 'paste', pasted: '[3, -1]', isolate: '+-', passed: '[3]' };
    storage.items.set(
      DRAFT_KEY,
      JSON.stringify({ current: 'old', drafts: [['old', { workspace: old, saved: 0, rev: 1 }]] }),
    );
    const read = draftFor('old')?.workspace;
    expect(read).toMatchObject({ failing: '[3, -1]', passing: '[3]', isolate: '+-' });
    expect(read).not.toHaveProperty('pasted');
    expect(read).not.toHaveProperty('passed');
  });

  it('finds a free key for a new draft', () => {
    saveDraft('import: a.jsonl', workspace('1'), 0);
    saveDraft('import: a.jsonl (2)', workspace('2'), 0);
    expect(freeKey('import: a.jsonl')).toBe('import: a.jsonl (3)');
    expect(freeKey('import: b.jsonl')).toBe('import: b.jsonl');
  });

  it('says when storage is full, and loses none of what was saved', () => {
    saveDraft('article', workspace('saved'), 0);
    storage.quota = 10;
    expect(saveDraft('article', workspace('not saved'), 1)).toEqual({ ok: false, reason: 'full' });
    expect(draftFor('article')?.workspace.candidate).toBe('saved');
  });
});
