import { describe, expect, it } from 'vitest';
import { configProblems } from '../../../src/core/session/config.js';
import { storedConfig } from '../../../src/core/session/task.js';
import { fitKind } from '../../../src/ui/model/fit-kind.js';
import { lessonNamed } from '../../../src/ui/model/lessons.js';
import {
  editorMode,
  grammarName,
  programLanguageOf,
} from '../../../src/ui/model/program-language.js';
import {
  configOf,
  type Workspace,
  workspaceOf,
  workspaceOfConfig,
} from '../../../src/ui/model/workspace.js';
import { parseWorkspace } from '../../../src/ui/model/workspace-parse.js';

/** The article's workspace with a JavaScript program pasted, cut by its syntax. */
function programWorkspace(patch: Partial<Workspace> = {}): Workspace {
  const article = workspaceOf(lessonNamed('article'));
  return fitKind({
    ...article,
    mode: 'outcome',
    outcome: 'export function outcome(source) { return source.includes("x") ? "FAIL" : "PASS"; }',
    kind: 'string',
    split: 'syntax',
    program: 'javascript',
    failing: 'let x = 1;\nlet y = 2;\n',
    ...patch,
  });
}

describe('a program as the input', () => {
  it('is pasted, goes to the pipeline and names its grammar in the config', () => {
    const ws = programWorkspace({ source: 'generate' });
    expect(ws).toMatchObject({ source: 'paste', reducer: 'pipeline', split: 'syntax' });
    // The syntax reducer alone is one choice away, and stays when chosen.
    expect(fitKind({ ...ws, reducer: 'syntax' }).reducer).toBe('syntax');
    const config = configOf(ws);
    expect(config).toMatchObject({
      kind: 'string',
      split: 'syntax',
      reducer: 'pipeline',
      language: 'javascript',
      input: 'let x = 1;\nlet y = 2;\n',
    });
    expect(configProblems(config)).toEqual([]);
  });

  it('cut by lines or characters is reduced by a block reducer, and keeps its language', () => {
    const ws = fitKind({ ...programWorkspace(), split: 'lines' });
    expect(ws).toMatchObject({ reducer: 'bisect', program: 'javascript', split: 'lines' });
    const config = configOf(ws);
    expect(storedConfig(config).language).toBeUndefined();
    expect(configProblems(config)).toEqual([]);
    // Back to its syntax: the pipeline again.
    expect(fitKind({ ...ws, split: 'syntax' }).reducer).toBe('pipeline');
  });

  it('with no grammar is reduced by the generic moves, its config naming no language', () => {
    const config = configOf(programWorkspace({ program: 'other' }));
    expect(storedConfig(config).language).toBeUndefined();
    expect(storedConfig(config).reducer).toBe('pipeline');
    expect(programLanguageOf(config)).toBe('other');
  });

  it('comes back from its session’s config, a draft or a link', () => {
    const ws = programWorkspace({ program: 'c' });
    const made = workspaceOfConfig(configOf(ws), (ref) =>
      'source' in ref ? ref.source : undefined,
    );
    expect(made.ok && made.workspace).toMatchObject({
      program: 'c',
      split: 'syntax',
      failing: ws.failing,
    });
    const stored = parseWorkspace(JSON.parse(JSON.stringify(ws)));
    expect(stored.ok && stored.workspace).toMatchObject({ program: 'c', split: 'syntax' });
    expect(parseWorkspace({ ...ws, program: 'cobol' })).toEqual({
      ok: false,
      reason: 'unknown program language',
    });
  });

  it('leaves other kinds without a program', () => {
    const ws = fitKind({ ...programWorkspace(), kind: 'json' });
    expect(ws.program).toBeUndefined();
    expect(ws.reducer).toBe('hdd');
    expect(ws.split).toBe('chars');
  });

  it('is shown in Monaco in its language', () => {
    expect(['javascript', 'tsx', 'c', 'other'].map((l) => editorMode(l as 'c'))).toEqual([
      'javascript',
      'typescript',
      'c',
      'plaintext',
    ]);
  });

  it('names the grammar a run reads it with first, only when cut by its syntax with one', () => {
    expect(grammarName(programWorkspace())).toBe('JavaScript');
    expect(grammarName(programWorkspace({ program: 'tsx' }))).toBe('TSX');
    expect(grammarName(programWorkspace({ program: 'other' }))).toBeUndefined();
    expect(grammarName(programWorkspace({ split: 'lines' }))).toBeUndefined();
    expect(grammarName(workspaceOf(lessonNamed('article')))).toBeUndefined();
  });
});
