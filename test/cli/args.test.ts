import { describe, expect, it } from 'vitest';
import { deltalab, scratch } from './support.js';

/**
 * Calls with several arguments on the command line (`--kind args`): each input is the array of a
 * call's arguments, spread into the call; the Debugging Book's string_error("foo", "foobar").
 */
const { file } = scratch('deltalab-args-');

const TWO = file(
  'two.js',
  `// Fails while s holds an "o" and t a "b".
export function outcome(s, t) {
  return s.includes('o') && t.includes('b') ? 'FAIL' : 'PASS';
}
`,
);
const TWO_PY = file(
  'two.py',
  `def outcome(s, t):
    return "FAIL" if "o" in s and "b" in t else "PASS"
`,
);
/** A limit that cannot be cut: the candidate drops the last element before the limit. */
const LIMITED = file(
  'limited.js',
  `export function candidate(a, limit) { return a.slice(0, limit - 1).reduce((s, x) => s + x, 0); }
export function reference(a, limit) { return a.slice(0, limit).reduce((s, x) => s + x, 0); }
`,
);

describe('deltalab with --kind args', () => {
  it.each([
    ['JavaScript', TWO],
    ['Python', TWO_PY],
  ])(
    'reduces string_error("foo", "foobar") argument by argument (%s)',
    async (_, module) => {
      const { code, stdout } = await deltalab(
        'reduce',
        '--module',
        module,
        '--input',
        '["foo","foobar"]',
        '--kind',
        'args',
        '--history',
        'none',
      );
      expect(code).toBe(0);
      expect(JSON.parse(stdout)).toMatchObject({
        status: 'reduced',
        kind: 'args',
        reduced: ['o', 'b'],
        verified: true,
      });
    },
    120_000,
  );

  it('leaves an argument that cannot be cut as it is', async () => {
    const { code, stdout } = await deltalab(
      'reduce',
      '--module',
      LIMITED,
      '--input',
      '[[5, 1, 7, 2, 3], 4]',
      '--kind',
      'args',
      '--reducer',
      'ddmin',
      '--history',
      'none',
    );
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(result.verified).toBe(true);
    // The limit stays 4; the array keeps what makes the sums differ: its fourth element.
    expect(result.reduced[1]).toBe(4);
    expect(result.reduced[0].length).toBeLessThanOrEqual(4);
  });

  it('isolates between two calls, each argument emptied as the passing side by default', async () => {
    const { code, stdout } = await deltalab(
      'isolate',
      '--module',
      TWO,
      '--fail',
      '["foo","foobar"]',
      '--kind',
      'args',
      '--history',
      'none',
    );
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(result).toMatchObject({ status: 'isolated', startPass: ['', ''], verified: true });
    expect(result.difference).toHaveLength(1);
  });
});
