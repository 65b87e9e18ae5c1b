import { beforeAll, describe, expect, it } from 'vitest';
import { storedConfig } from '../../../src/core/session/task.js';
import { codeText, findLesson, loadTwins } from '../../../src/ui/model/lessons.js';
import { configOf, workspaceOf, workspaceOfConfig } from '../../../src/ui/model/workspace.js';
import { workspaceKey } from '../../../src/ui/model/workspace-key.js';
import { parseWorkspace } from '../../../src/ui/model/workspace-parse.js';

beforeAll(() => loadTwins());

const lesson = () => {
  const found = findLesson('changes-article');
  if (!found) throw new Error('no changes-article lesson');
  return found;
};

describe('a workspace that isolates a change of code', () => {
  it('runs today’s candidate against yesterday’s, cut into lines, on the pasted call', () => {
    const ws = workspaceOf(lesson());
    expect(ws.changes).toContain('a.slice(1)');
    expect(ws).toMatchObject({ kind: 'int-array', source: 'paste', isolate: '+-' });
    const config = configOf(ws);
    expect(config).toMatchObject({
      kind: 'string',
      split: 'lines',
      input: ws.candidate,
      isolate: { mode: '+-', pass: ws.changes, replace: true },
      changes: { input: JSON.parse(ws.failing) },
    });
    expect(config.generator).toBeUndefined();
    // Read back from its session config, the workspace is the same.
    const made = workspaceOfConfig(config, codeText);
    if (!made.ok) throw new Error(made.reason);
    expect(made.workspace).toMatchObject({
      changes: ws.changes,
      failing: ws.failing,
      kind: ws.kind,
      isolate: '+-',
    });
    expect(configOf(made.workspace)).toEqual(config);
  });

  it('is the lesson itself on the Chinese page: both versions count as their files', () => {
    const english = workspaceOf(lesson());
    const chinese = workspaceOf(lesson(), 'zh');
    expect(chinese.changes).not.toBe(english.changes); // Chinese comments
    expect(workspaceKey(chinese)).toBe(workspaceKey(english));
    // The versions isolated are the files' own text: a run on either page makes one session.
    const { input, isolate } = storedConfig(configOf(english));
    expect(configOf(chinese)).toMatchObject({ input, isolate });
  });

  it('keeps yesterday in drafts and links, and refuses what is not code', () => {
    const ws = workspaceOf(lesson());
    const parsed = parseWorkspace(JSON.parse(JSON.stringify(ws)));
    expect(parsed.ok && parsed.workspace.changes).toBe(ws.changes);
    const { changes: _, ...older } = ws;
    const old = parseWorkspace(older);
    expect(old.ok && old.workspace.changes).toBe(null);
    expect(parseWorkspace({ ...ws, changes: 42 })).toEqual({
      ok: false,
      reason: 'changes is not code',
    });
  });
});
