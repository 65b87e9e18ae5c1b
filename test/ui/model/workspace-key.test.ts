import { describe, expect, it, vi } from 'vitest';

describe('workspaceKey', () => {
  it('is made again once twins load: a workspace keyed before counts as its lesson after', async () => {
    vi.resetModules(); // lessons.ts with no twins loaded yet
    const { findLesson, loadTwins } = await import('../../../src/ui/model/lessons.js');
    const { workspaceOf } = await import('../../../src/ui/model/workspace.js');
    const { workspaceKey } = await import('../../../src/ui/model/workspace-key.js');
    const { TWINS } = await import('../../../src/ui/model/lesson-twins.js');
    const lesson = findLesson('article');
    if (!lesson) throw new Error('no article lesson');
    const english = workspaceOf(lesson, 'en');
    const twin = TWINS['/examples/code/max-subarray/candidate.zh.js'];
    if (twin === undefined) throw new Error('no Chinese twin of the article candidate');
    // The article's candidate with Chinese comments, as a link made on the Chinese page holds it.
    const chinese = { ...english, candidate: twin };
    expect(workspaceKey(chinese)).not.toBe(workspaceKey(english)); // not known as a twin yet
    await loadTwins();
    expect(workspaceKey(chinese)).toBe(workspaceKey(english)); // the same object, keyed anew
  });
});
