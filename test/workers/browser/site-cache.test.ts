import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSiteCache } from '../../../workers/browser/site-cache.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('openSiteCache', () => {
  it('opens the named cache where the platform has Cache Storage', async () => {
    const cache = { name: 'kept' };
    const open = vi.fn(async () => cache);
    vi.stubGlobal('self', { caches: { open } });
    vi.stubGlobal('caches', { open });
    await expect(openSiteCache('deltalab-grammars')).resolves.toBe(cache);
    expect(open).toHaveBeenCalledWith('deltalab-grammars');
  });

  it('is null without Cache Storage, or when it refuses to open (the files are then fetched)', async () => {
    vi.stubGlobal('self', {});
    await expect(openSiteCache('deltalab-python')).resolves.toBeNull();
    const refused = { open: async () => Promise.reject(new DOMException('no', 'SecurityError')) };
    vi.stubGlobal('self', { caches: refused });
    vi.stubGlobal('caches', refused);
    await expect(openSiteCache('deltalab-python')).resolves.toBeNull();
  });
});
