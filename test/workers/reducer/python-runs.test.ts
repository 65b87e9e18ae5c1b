import { describe, expect, it } from 'vitest';
import type { ResolvedCode } from '../../../src/core/code/refs.js';
import type { RunReply } from '../../../src/protocol/reducer.js';
import { collector, comparable, countingPlatform, inputConfig, useNodeApis } from './support.js';

/** The reply of a run that must have finished with a session. */
function finished<R extends RunReply>(reply: R): Extract<R, { ok: true }> {
  if (!reply.ok) throw new Error(`the run failed: ${JSON.stringify(reply)}`);
  return reply as Extract<R, { ok: true }>;
}

/** A reducer API on real Node workers, disposed after the test. */
const nodeApi = useNodeApis();

describe('createReducerApi: Python kept across runs', () => {
  it('gives a second Python run the first run’s sandboxes, with nothing of that run left', async () => {
    const api = nodeApi();
    // Buggy on its first four calls only, counted where a module would keep state: a built-in
    // and an imported module's attribute. A runtime not put back would pass on the second run.
    const candidate = `import builtins, json

def candidate(a):
    builtins.calls = getattr(builtins, "calls", 0) + 1
    json.calls = getattr(json, "calls", 0) + 1
    return max(0, *a) if builtins.calls <= 4 and json.calls <= 4 else max(a)
`;
    const reference = 'def reference(a):\n    return max(a)\n';
    const code: ResolvedCode = { language: 'py', candidate, reference };
    const config = inputConfig(code, [-5, -3, -8, -1]);
    const first = finished(await api.run(config, code, collector()));
    expect(api.workers()).toEqual({ spawned: 2, alive: 2 });
    const second = finished(await api.run(config, code, collector()));
    expect(first.summary).toMatchObject({ status: 'reduced', reduced: [-1], verified: true });
    expect(comparable(second.session)).toBe(comparable(first.session));
    // No runtime started for the second run, nor for the next one.
    expect(await api.prepare(code)).toEqual([]);
    expect(api.workers()).toEqual({ spawned: 2, alive: 2 });
    // Other candidate code gets a fresh candidate runtime; the reference's is kept.
    expect(await api.prepare({ ...code, candidate: `${candidate}\n# edited\n` })).toEqual([]);
    expect(api.workers()).toEqual({ spawned: 3, alive: 2 });
    api.dispose();
    expect(api.workers()).toEqual({ spawned: 3, alive: 0 });
  }, 120_000);

  it('finds a Python syntax error in a run’s spare: two runtimes start for a check, not three', async () => {
    const platform = countingPlatform();
    const api = nodeApi(platform);
    const code: ResolvedCode = {
      language: 'py',
      candidate: 'def candidate(a):\n    return max(a\n',
      reference: 'def reference(a):\n    return max(a)\n',
    };
    const errors = await api.prepare(code);
    expect(errors).toEqual([expect.objectContaining({ role: 'candidate', line: 2 })]);
    expect(platform.spawned.sort()).toEqual(['candidate', 'reference']);
  }, 120_000);
});
