import { describe, expect, it } from 'vitest';
import { createSandboxApi } from '../../../workers/sandbox/api.js';

describe('createSandboxApi', () => {
  it('answers a call before any load with a crash', () => {
    const api = createSandboxApi();
    expect(api.ping()).toBe(true);
    expect(api.call([1])).toEqual({
      ok: false,
      error: { name: 'Error', message: 'no code loaded' },
      ms: 0,
    });
  });

  it('loads code and runs it on one input or a batch', () => {
    const api = createSandboxApi();
    const loaded = api.load({
      source: 'export const reference = (a) => Math.max(...a);',
      language: 'js',
      role: 'reference',
    });
    expect(loaded).toEqual({ ok: true, exports: ['reference'], entry: 'reference' });
    expect(api.call([1, 5, 2])).toMatchObject({ ok: true, value: 5 });
    expect(
      api.callBatch([[1], [], [3, 4]]).map((result) => (result.ok ? result.value : 'crash')),
    ).toEqual([1, { $: 'number', v: '-Infinity' }, 4]);
  });

  it('forgets the old code when a new load fails', () => {
    const api = createSandboxApi();
    api.load({ source: 'export default () => 1;', language: 'js', role: 'candidate' });
    const failed = api.load({
      source: 'export default (a: number) => ;',
      language: 'ts',
      role: 'candidate',
    });
    expect(failed).toMatchObject({ ok: false, error: { name: 'SyntaxError', line: 1 } });
    expect(api.call([1])).toMatchObject({ ok: false, error: { message: 'no code loaded' } });
  });
});
