import { describe, expect, it } from 'vitest';
import { codeText, lessonNamed } from '../../../src/ui/model/lessons.js';
import { blankWorkspace, ownIfEdited } from '../../../src/ui/model/own.js';
import { parseOwn } from '../../../src/ui/model/own-text.js';
import { configOf, workspaceOf } from '../../../src/ui/model/workspace.js';
import { workspaceKey } from '../../../src/ui/model/workspace-key.js';
import { parseWorkspace } from '../../../src/ui/model/workspace-parse.js';

const article = lessonNamed('article');
const lesson = workspaceOf(article);

describe('a workspace of one’s own', () => {
  it('begins when a lesson’s code is edited, not when its settings or its correction are', () => {
    const edited = ownIfEdited(
      lesson,
      { ...lesson, candidate: 'export const candidate = () => 0;' },
      'en',
    );
    expect(edited.own).toEqual({ title: '', notes: '' });
    expect(ownIfEdited(lesson, { ...lesson, seed: '7' }, 'en').own).toBeUndefined();
    // The lesson's corrected function loaded into the editor is still the lesson.
    const corrected = codeText(article.scenario.corrected);
    expect(corrected).toContain('a[0]');
    const fixed = { ...lesson, candidate: corrected ?? '' };
    expect(ownIfEdited(lesson, fixed, 'en').own).toBeUndefined();
  });

  it('keeps what was written once it is one’s own', () => {
    const mine = { ...lesson, own: { title: 't', notes: 'n' } };
    expect(ownIfEdited(mine, { ...mine, candidate: 'x' }, 'en').own).toEqual({
      title: 't',
      notes: 'n',
    });
  });

  it('travels in links and drafts (checked) and in the session, and changes no run', () => {
    const mine = { ...lesson, own: { title: 'Mine', notes: 'why?' } };
    const parsed = parseWorkspace(JSON.parse(JSON.stringify(mine)));
    expect(parsed.ok && parsed.workspace.own).toEqual({ title: 'Mine', notes: 'why?' });
    expect(parseWorkspace({ ...mine, own: { title: 3, notes: '' } })).toMatchObject({ ok: false });
    expect(parseOwn({ title: 'x'.repeat(201), notes: '' }).ok).toBe(false);
    expect(configOf(mine).about).toEqual({ title: 'Mine', notes: 'why?' });
    expect(workspaceKey(mine)).toBe(workspaceKey(lesson));
  });

  it('starts blank: no lesson, code to write, its own text empty', () => {
    const blank = blankWorkspace(lesson, 'zh');
    expect(blank.lesson).toBe('');
    expect(blank.own).toEqual({ title: '', notes: '' });
    expect(blank.candidate).toContain('export function candidate');
    expect(configOf(blank).example).toBeUndefined();
  });
});
