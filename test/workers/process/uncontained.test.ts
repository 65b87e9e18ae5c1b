import { describe, expect, it, vi } from 'vitest';
import { RUNTIME_NAMES } from '../../../src/core/code/runtimes/registry.js';
import type { Containment } from '../../../workers/process/containment.js';
import { SANDBOX_CHILDREN } from '../../../workers/process/sandbox-children.js';
import { admitUncontained } from '../../../workers/process/uncontained.js';

const none: Containment = {
  mechanism: 'none',
  tools: { setpriv: '/usr/bin/setpriv' },
  reason: 'a test',
};

describe('admitUncontained', () => {
  it('refuses Python in one line unless the user trusts it; JavaScript runs after a warning', () => {
    const written = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(() => admitUncontained('py', none, {})).toThrow(
        "Python code reaches its sandbox process's JavaScript through Pyodide, and nothing contains that process here (a test): set DELTALAB_UNCONTAINED_PYTHON=1 to run Python code you trust anyway",
      );
      expect(() =>
        admitUncontained('py', none, { DELTALAB_UNCONTAINED_PYTHON: '1' }),
      ).not.toThrow();
      expect(() => admitUncontained('js', none, {})).not.toThrow();
    } finally {
      written.mockRestore();
    }
  });

  it('has a sandbox child for every runtime of the registry', () => {
    expect(Object.keys(SANDBOX_CHILDREN)).toEqual(RUNTIME_NAMES);
    expect(SANDBOX_CHILDREN.py.flags).toEqual(['--expose-gc']);
    expect(SANDBOX_CHILDREN.js.uncontained).toBeUndefined();
  });
});
