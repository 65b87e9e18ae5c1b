import { describe, expect, it } from 'vitest';
import {
  hunkLabel,
  hunkPlace,
  hunksPatch,
  hunksText,
  isHunkUnit,
  parseHunks,
} from '../../../src/core/isolate/hunks.js';

/** `git diff --no-renames -U0` of a commit that changes a.txt in four places, b.txt once,
 * deletes gone.txt and adds new.txt. */
const DIFF = `diff --git a/a.txt b/a.txt
index f00c965..f87e5e5 100644
--- a/a.txt
+++ b/a.txt
@@ -2 +2 @@
-2
+TWO
@@ -3,0 +4 @@
+3.5
@@ -5 +5,0 @@
-5
@@ -10,0 +11 @@
+11
diff --git a/b.txt b/b.txt
index b77b4eb..7061c57 100644
--- a/b.txt
+++ b/b.txt
@@ -2 +2 @@ x
-y
+Y
diff --git a/gone.txt b/gone.txt
deleted file mode 100644
index 3367afd..0000000
--- a/gone.txt
+++ /dev/null
@@ -1 +0,0 @@
-old
diff --git "a/with\\ttab.txt" "b/with\\ttab.txt"
old mode 100644
new mode 100755
`;

/** Bytes of UTF-8 as text. */
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

describe('hunks of a git diff', () => {
  const units = parseHunks(DIFF);

  it('are one unit per hunk, with its file, its header and the shift of the hunks before it', () => {
    expect(units.map((unit) => unit.file)).toEqual([
      'a.txt',
      'a.txt',
      'a.txt',
      'a.txt',
      'b.txt',
      'gone.txt',
      'with\ttab.txt',
    ]);
    expect(units.map((unit) => unit.shift)).toEqual([0, 0, 1, 0, 0, 0, 0]);
    expect(units.every(isHunkUnit)).toBe(true);
    expect(units[6]?.hunk).toBe('');
    expect(hunkPlace(units[2] as never)).toMatchObject({ oldStart: 5, oldLines: 1, newLines: 0 });
    expect(units.map(hunkLabel)).toEqual([
      'a.txt -2 +2',
      'a.txt -3,0 +4',
      'a.txt -5 +5,0',
      'a.txt -10,0 +11',
      'b.txt -2 +2',
      'gone.txt -1 +0,0',
      'with\ttab.txt (no lines: mode)',
    ]);
  });

  it('print as the diff they came from', () => {
    expect(text(hunksText(units))).toBe(DIFF);
  });

  it('make a patch of any of them: each new start moved by the hunks left out before it', () => {
    // All of them: the diff itself.
    expect(text(hunksPatch(units))).toBe(DIFF);
    // Without the insertion of 3.5, the deletion of 5 starts one line earlier in the result.
    const patch = text(hunksPatch([units[2], units[3], units[5]] as never));
    expect(patch).toContain('@@ -5 +4,0 @@\n-5\n@@ -10,0 +10 @@\n+11\n');
    expect(patch.match(/^diff --git/gm)).toHaveLength(2);
    expect(patch).toContain('deleted file mode 100644');
  });

  it('refuse text that is not a git diff', () => {
    expect(() => parseHunks('--- a\n+++ b\n')).toThrow(/not a git diff/);
    expect(parseHunks('')).toEqual([]);
  });
});
