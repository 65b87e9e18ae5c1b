import { describe, expect, it } from 'vitest';
import { warmUp } from '../../../workers/reducer/warm-up.js';
import {
  ARTICLE_CODE,
  ARTICLE_INPUT,
  collector,
  countingPlatform,
  inputConfig,
  noWorkerPlatform,
  useNodeApis,
} from './support.js';

const nodeApi = useNodeApis();

describe('warmUp', () => {
  it('runs the article’s session on its built-in pair, starting no worker and transpiling its own text', async () => {
    const platform = noWorkerPlatform();
    const transpiled: string[] = [];
    const summary = await warmUp({
      ...platform,
      transpile: (spec) => {
        transpiled.push(spec.role);
        return platform.transpile(spec);
      },
    });
    expect(summary).toMatchObject({
      status: 'reduced',
      attempts: 4452,
      reduced: [-7],
      calls: 5,
      verified: true,
    });
    expect(platform.attempts).toEqual([]);
    expect(transpiled.sort()).toEqual(['candidate', 'reference']);
  });

  it('stops at its next request once a run has begun', async () => {
    let requests = 0;
    const summary = await warmUp(noWorkerPlatform(), () => ++requests > 2);
    expect(summary).toMatchObject({ status: 'cancelled' });
    expect(summary).toMatchObject({ calls: 0, message: 'cancelled during the search' });
  });
});

describe('ReducerApi.warm', () => {
  it('warms once, starts no sandbox, and leaves runs as they were', async () => {
    const platform = countingPlatform();
    const api = nodeApi(platform);
    await api.warm();
    await api.warm();
    expect(platform.spawned).toEqual([]);
    expect(api.workers()).toEqual({ spawned: 0, alive: 0 });
    const reply = await api.run(
      inputConfig(ARTICLE_CODE, ARTICLE_INPUT),
      ARTICLE_CODE,
      collector(),
    );
    expect(reply).toMatchObject({ ok: true, summary: { reduced: [-7], calls: 5 } });
  });

  it('does nothing once a run has been made', async () => {
    let transpiles = 0;
    const platform = countingPlatform();
    const api = nodeApi({
      ...platform,
      transpile: (spec) => {
        transpiles++;
        return platform.transpile(spec);
      },
    });
    const reply = await api.run(
      inputConfig(ARTICLE_CODE, ARTICLE_INPUT),
      ARTICLE_CODE,
      collector(),
    );
    expect(reply.ok).toBe(true);
    const compiled = transpiles;
    await api.warm();
    expect(transpiles).toBe(compiled);
  });
});
