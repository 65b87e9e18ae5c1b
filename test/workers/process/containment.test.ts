import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  containment,
  detectContainment,
  forgetContainment,
} from '../../../workers/process/containment.js';

/** A cache folder of the test's own, and the file the containment found is kept in. */
function cache() {
  const dir = mkdtempSync(join(tmpdir(), 'deltalab-containment-cache-'));
  return { dir, file: join(dir, 'containment.json') };
}

describe('containment as DELTALAB_CONTAINMENT asks', () => {
  it('none: nothing, and says why; a mechanism named: used as it is, its programs found', () => {
    const none = containment({ DELTALAB_CONTAINMENT: 'none', PATH: '/usr/bin' });
    expect(none).toMatchObject({ mechanism: 'none', reason: 'DELTALAB_CONTAINMENT=none' });
    expect(none.tools.setpriv).toMatch(/\/setpriv$/);
    const named = containment({ DELTALAB_CONTAINMENT: 'unshare', PATH: '/usr/bin:/bin' });
    expect(named).toMatchObject({ mechanism: 'unshare', reason: '' });
  });

  it('refuses a value it does not know, and a mechanism whose programs are not on PATH', () => {
    expect(() => containment({ DELTALAB_CONTAINMENT: 'seccomp' })).toThrow(
      'DELTALAB_CONTAINMENT must be auto, bwrap, unshare or none, not "seccomp"',
    );
    expect(() => containment({ DELTALAB_CONTAINMENT: 'unshare', PATH: '/nowhere' })).toThrow(
      'DELTALAB_CONTAINMENT=unshare, but unshare, setpriv, sh, mount is not on PATH',
    );
  });
});

describe('detectContainment (auto)', () => {
  it('takes bubblewrap where it works, and keeps the answer in the cache folder', () => {
    const { dir, file } = cache();
    const found = detectContainment({ PATH: '/usr/bin:/bin', DELTALAB_CACHE_DIR: dir });
    expect(found).toMatchObject({ mechanism: 'bwrap', reason: '' });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ mechanism: 'bwrap' });
  });

  it('says why there is none when no mechanism is found', () => {
    const { dir } = cache();
    expect(detectContainment({ PATH: '/nowhere', DELTALAB_CACHE_DIR: dir })).toMatchObject({
      mechanism: 'none',
      reason: 'bwrap: bwrap not found; unshare: unshare, setpriv, sh, mount not found',
    });
  });

  it('reads a kept answer for the same system instead of probing, and not for another', () => {
    const { dir, file } = cache();
    const env = { PATH: '/usr/bin:/bin', DELTALAB_CACHE_DIR: dir };
    detectContainment(env);
    // An answer it could not have probed, under the same key: read, so no probe ran.
    const kept = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ ...kept, mechanism: 'unshare' }));
    expect(detectContainment(env).mechanism).toBe('unshare');
    // Other programs (none on PATH): another key, probed again.
    expect(detectContainment({ ...env, PATH: '/nowhere' }).mechanism).toBe('none');
    forgetContainment(env);
    expect(existsSync(file)).toBe(false);
  });
});
