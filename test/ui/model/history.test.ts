import { beforeAll, describe, expect, it } from 'vitest';
import { storedConfig } from '../../../src/core/session/task.js';
import { codeText, findLesson, loadTwins } from '../../../src/ui/model/lessons.js';
import { configOf, workspaceOf, workspaceOfConfig } from '../../../src/ui/model/workspace.js';
import { workspaceKey } from '../../../src/ui/model/workspace-key.js';
import { parseWorkspace } from '../../../src/ui/model/workspace-parse.js';

beforeAll(() => loadTwins());

const lesson = () => {
  const found = findLesson('history-article');
  if (!found) throw new Error('no history-article lesson');
  return found;
};

describe('a workspace with a history of versions', () => {
  it('keeps the versions, the oldest as yesterday and the newest as today', () => {
    const ws = workspaceOf(lesson());
    expect(ws.versions?.map((v) => v.label)).toEqual([
      'v1',
      'v2',
      'v3',
      'v4',
      'v5',
      'v6',
      'v7',
      'v8',
    ]);
    expect(ws.changes).toBe(ws.versions?.[0]?.code);
    expect(ws.candidate).toBe(ws.versions?.[7]?.code);
    const config = configOf(ws);
    expect(storedConfig(config).changes?.versions).toEqual(ws.versions);
    // Read back from its session config (an imported session), the workspace is the same.
    const made = workspaceOfConfig(config, codeText);
    if (!made.ok) throw new Error(made.reason);
    expect(made.workspace.versions).toEqual(ws.versions);
    expect(configOf(made.workspace)).toEqual(config);
  });

  it('makes an edit of either editor an edit of that end of the history', () => {
    const ws = workspaceOf(lesson());
    const today = `${ws.candidate}// today\n`;
    const yesterday = `${ws.changes}// yesterday\n`;
    const versions = storedConfig(configOf({ ...ws, candidate: today, changes: yesterday })).changes
      ?.versions;
    expect(versions?.[7]?.code).toBe(today);
    expect(versions?.[0]?.code).toBe(yesterday);
    expect(versions?.slice(1, 7)).toEqual(ws.versions?.slice(1, 7));
  });

  it('is the lesson itself on the Chinese page', () => {
    const chinese = workspaceOf(lesson(), 'zh');
    expect(chinese.candidate).toContain('非空连续子数组');
    expect(workspaceKey(chinese)).toBe(workspaceKey(workspaceOf(lesson())));
  });

  it('keeps the versions in drafts and links, and refuses a history that is not code', () => {
    const ws = workspaceOf(lesson());
    const parsed = parseWorkspace(JSON.parse(JSON.stringify(ws)));
    expect(parsed.ok && parsed.workspace.versions).toEqual(ws.versions);
    const refused = { ok: false, reason: 'versions is not a history of code' };
    expect(parseWorkspace({ ...ws, versions: 'v1' })).toEqual(refused);
    expect(parseWorkspace({ ...ws, versions: [{ label: 'v1', code: 'x' }] })).toEqual(refused);
    expect(
      parseWorkspace({
        ...ws,
        versions: [
          { label: 'v1', code: 1 },
          { label: 'v2', code: '' },
        ],
      }),
    ).toEqual(refused);
  });
});
