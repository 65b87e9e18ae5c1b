import { describe, expect, it } from 'vitest';
import { loadOnce } from '../../../src/ui/async/load-once.js';

describe('loadOnce', () => {
  it('shares one load among every call and keeps it', async () => {
    let loads = 0;
    const load = loadOnce(async () => ++loads);
    expect(await Promise.all([load(), load()])).toEqual([1, 1]);
    expect(await load()).toBe(1);
    expect(loads).toBe(1);
  });

  it('tries again after a failure', async () => {
    let loads = 0;
    const load = loadOnce(async () => {
      loads++;
      if (loads === 1) throw new Error('unreachable');
      return 'loaded';
    });
    await expect(load()).rejects.toThrow('unreachable');
    await expect(load()).resolves.toBe('loaded');
    await expect(load()).resolves.toBe('loaded');
    expect(loads).toBe(2);
  });
});
