import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unifiedDiff } from '../../../src/cli/isolate/unified.js';

/** Short texts of a few repeated lines, with LF or CRLF breaks, ending with a break or not. */
const TEXT = fc
  .tuple(
    fc.array(fc.constantFrom('a', 'b', 'c', 'x = 1;', ''), { maxLength: 30 }),
    fc.constantFrom('\n', '\r\n'),
    fc.boolean(),
  )
  .map(([lines, eol, last]) => lines.join(eol) + (last && lines.length > 0 ? eol : ''));

describe('a unified diff', () => {
  it('is what the diff package writes, for files of any small size', () => {
    fc.assert(
      fc.property(TEXT, TEXT, (old, now) => {
        const options = { headerOptions: FILE_HEADERS_ONLY };
        const expected = createTwoFilesPatch('a/f', 'b/f', old, now, undefined, undefined, options);
        expect(unifiedDiff('a/f', 'b/f', old, now)).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('of two 200,000-line files that differ in every line break comes at once', {
    timeout: 20_000,
  }, () => {
    const lines = Array.from({ length: 200_000 }, (_, i) => `line ${i}`);
    const patch = unifiedDiff('a/f', 'b/f', `${lines.join('\n')}\n`, `${lines.join('\r\n')}\r\n`);
    const changed = patch.split('\n').filter((line) => /^[-+]line/.test(line));
    expect(changed).toHaveLength(400_000);
    expect(patch.startsWith('--- a/f\n+++ b/f\n@@ -1,200000 +1,200000 @@\n-line 0\n')).toBe(true);
  });
});
