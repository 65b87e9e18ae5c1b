import { describe, expect, it } from 'vitest';
import { transpile } from '../../../src/live/transpile.js';
import { decodeResults, encodeBatch } from '../../../src/protocol/batch.js';
import { createSandboxApi } from '../../../workers/sandbox/api.js';
import { warmUp } from '../../../workers/sandbox/warm-up.js';

/** Code whose answers depend on the seeded Math.random, at load time and per call. */
const RANDOM = `const atLoad = Math.random();
let calls = 0;
export function candidate(a) {
  calls += 1;
  return a.length + Math.random() + atLoad + calls;
}`;

function loaded(warm: boolean) {
  const api = createSandboxApi();
  if (warm) warmUp(api);
  const spec = transpile({ source: RANDOM, language: 'js', role: 'candidate' });
  if (!spec.ok) throw new Error(spec.error.message);
  expect(api.load(spec.spec)).toMatchObject({ ok: true });
  return api;
}

describe('warmUp', () => {
  it('leaves no code loaded: a call before a load is still refused', () => {
    const api = createSandboxApi();
    warmUp(api);
    expect(api.call([1])).toEqual({
      ok: false,
      error: { name: 'Error', message: 'no code loaded' },
      ms: 0,
    });
  });

  it('changes nothing code loaded afterwards sees: same random streams, same fresh state', () => {
    const inputs = [[1, 2], [3], [], [5, 6, 7]];
    const answers = (warm: boolean) => {
      const api = loaded(warm);
      const one = inputs.map((input) => api.call(input));
      const batch = decodeResults(api.callBatch(encodeBatch(inputs)));
      return [...one, ...batch].map((result) => (result.ok ? result.value : result.error));
    };
    expect(answers(true)).toEqual(answers(false));
  });
});
