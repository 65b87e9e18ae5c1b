import { describe, expect, it } from 'vitest';
import { InputStream } from '../../../src/core/generate/generator.js';
import { storedConfig } from '../../../src/core/session/task.js';
import { argumentTypes, callGenerator } from '../../../src/ui/model/call-generator.js';
import { fitKind } from '../../../src/ui/model/fit-kind.js';
import { lessonNamed } from '../../../src/ui/model/lessons.js';
import { configOf, workspaceOf } from '../../../src/ui/model/workspace.js';
import { parseWorkspace } from '../../../src/ui/model/workspace-parse.js';

describe('a workspace of calls with several arguments', () => {
  it('opens the two-argument lesson, and gives back its config', () => {
    const workspace = workspaceOf(lessonNamed('args-needle'));
    expect(parseWorkspace(JSON.parse(JSON.stringify(workspace)))).toEqual({ ok: true, workspace });
    const config = configOf(workspace);
    expect(config).toMatchObject({ kind: 'args', split: 'chars', input: ['nanas', 'banananas'] });
  });

  it('isolates from the call with each string or array argument emptied', () => {
    const workspace = { ...workspaceOf(lessonNamed('args-needle')), isolate: '+-' as const };
    expect(storedConfig(configOf(workspace)).isolate).toEqual({ mode: '+-', pass: ['', ''] });
  });

  it('generates calls shaped like the pasted one, two strings when there is none', () => {
    expect(argumentTypes('["ab", [1, 2], 3]')).toEqual(['string', 'int-array', 'int']);
    expect(argumentTypes('')).toEqual(['string', 'string']);
    expect(argumentTypes('[{"a": 1}]')).toEqual(['string', 'string']);
    const lesson = workspaceOf(lessonNamed('args-needle'));
    const workspace = fitKind({ ...lesson, source: 'generate', alphabet: 'ab', length: 3 });
    expect(workspace.source).toBe('generate');
    const { generator } = configOf(workspace);
    expect(generator).toMatchObject({ arguments: ['string', 'string'], alphabet: 'ab' });
    const call = new InputStream(generator ?? { seed: 0, length: 0 }, 'args').next();
    expect(call).toEqual([expect.stringMatching(/^[ab]{3}$/), expect.stringMatching(/^[ab]{3}$/)]);
    expect(callGenerator({ failing: '[3, [1]]', alphabet: 'ab', min: -1, max: 1 })).toEqual({
      arguments: ['int', 'int-array'],
      min: -1,
      max: 1,
    });
  });
});
