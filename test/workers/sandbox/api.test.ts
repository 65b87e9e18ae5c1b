import { describe, expect, it } from 'vitest';
import { transpile } from '../../../src/live/transpile.js';
import { decodeResults, encodeBatch } from '../../../src/protocol/batch.js';
import type { CodeSpec, LoadSpec } from '../../../src/protocol/sandbox.js';
import { createSandboxApi } from '../../../workers/sandbox/api.js';

/** What the client sends a sandbox: the code, transpiled on the host. */
function spec(code: CodeSpec): LoadSpec {
  const transpiled = transpile(code);
  if (!transpiled.ok) throw new Error(transpiled.error.message);
  return transpiled.spec;
}

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
    const loaded = api.load(
      spec({
        source: 'export const reference = (a) => Math.max(...a);',
        language: 'js',
        role: 'reference',
      }),
    );
    expect(loaded).toEqual({ ok: true, exports: ['reference'], entry: 'reference' });
    expect(api.call([1, 5, 2])).toMatchObject({ ok: true, value: 5 });
    expect(
      decodeResults(api.callBatch(encodeBatch([[1], [], [3, 4]]))).map((result) =>
        result.ok ? result.value : 'crash',
      ),
    ).toEqual([1, { $: 'number', v: '-Infinity' }, 4]);
  });

  it('forgets the old code when a new load fails', () => {
    const api = createSandboxApi();
    api.load(spec({ source: 'export default () => 1;', language: 'js', role: 'candidate' }));
    const failed = api.load(
      spec({
        source: "const x: number = 1;\nthrow new RangeError('no ' + x);",
        language: 'ts',
        role: 'candidate',
      }),
    );
    expect(failed).toMatchObject({
      ok: false,
      error: { name: 'RangeError', message: 'no 1', line: 2 },
    });
    expect(api.call([1])).toMatchObject({ ok: false, error: { message: 'no code loaded' } });
  });
});
