import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  hunkLabel,
  hunkShown,
  hunksPatch,
  hunksShown,
  hunksText,
  isHunkUnit,
  parseHunks,
} from '../../../src/core/isolate/hunks.js';

/** Bytes written as Latin-1 reads them (`\xe9` is the byte E9). */
const bytes = (latin1: string) => Uint8Array.from(Buffer.from(latin1, 'latin1'));

/**
 * `git diff -U0` of a commit that writes a Latin-1 é into a.txt, adds a file whose name is not
 * UTF-8, changes a file whose name holds a space, and a UTF-8 é in u.txt.
 */
const DIFF = bytes(`diff --git a/a.txt b/a.txt
index 1..2 100644
--- a/a.txt
+++ b/a.txt
@@ -2 +2 @@ one
-cafe
+caf\xe9
@@ -4,0 +5 @@ three
+BUG
diff --git a/my file.txt b/my file.txt
index 3..4 100644
--- a/my file.txt\t
+++ b/my file.txt\t
@@ -1 +1 @@
-x
+y
diff --git a/n\xe9.txt b/n\xe9.txt
new file mode 100644
index 0..5
--- /dev/null
+++ b/n\xe9.txt
@@ -0,0 +1 @@
+x
diff --git a/u.txt b/u.txt
index 6..7 100644
--- a/u.txt
+++ b/u.txt
@@ -1 +1 @@
-e
+\xc3\xa9
`);

describe('hunks of a diff as bytes', () => {
  const units = parseHunks(DIFF);

  it('are text where the file’s part is UTF-8, bytes one character each where it is not', () => {
    expect(units.map((unit) => unit.file)).toEqual([
      'a.txt',
      'a.txt',
      'my file.txt',
      'n\ufffd.txt',
      'u.txt',
    ]);
    expect(units.map((unit) => unit.latin1 === true)).toEqual([true, true, false, true, false]);
    expect(units[0]?.hunk).toBe('@@ -2 +2 @@ one\n-cafe\n+caf\xe9\n');
    expect(units[4]?.hunk).toBe('@@ -1 +1 @@\n-e\n+é\n');
    expect(units.map(hunkLabel)).toEqual([
      'a.txt -2 +2',
      'a.txt -4,0 +5',
      'my file.txt -1 +1',
      'n\ufffd.txt -0,0 +1',
      'u.txt -1 +1',
    ]);
    expect(hunkShown(units[0] as never)).toBe('@@ -2 +2 @@ one\n-cafe\n+caf\ufffd\n');
  });

  it('go through JSON whole, and print and patch as the bytes they came from', () => {
    const again = JSON.parse(JSON.stringify(units));
    expect(again).toEqual(units);
    expect(again.every(isHunkUnit)).toBe(true);
    expect(hunksText(again)).toEqual(DIFF);
    expect(hunksPatch(again)).toEqual(DIFF);
    expect(hunksShown(again)).toBe(Buffer.from(DIFF).toString('utf8'));
    // Without BUG's hunk, a.txt's Latin-1 line still as it was.
    expect(hunksPatch([again[0], again[3]])).toEqual(
      bytes(`diff --git a/a.txt b/a.txt
index 1..2 100644
--- a/a.txt
+++ b/a.txt
@@ -2 +2 @@ one
-cafe
+caf\xe9
diff --git a/n\xe9.txt b/n\xe9.txt
new file mode 100644
index 0..5
--- /dev/null
+++ b/n\xe9.txt
@@ -0,0 +1 @@
+x
`),
    );
  });

  it('keep the text of a UTF-8 diff as sessions have held it', () => {
    const utf8 = Buffer.from(DIFF).subarray(Buffer.from(DIFF).indexOf('diff --git a/u.txt'));
    expect(parseHunks(utf8)).toEqual(parseHunks(utf8.toString('utf8')));
    expect(Object.keys(parseHunks(utf8)[0] ?? {})).toEqual(['file', 'head', 'hunk', 'shift']);
  });

  it('refuse a latin1 mark that is not true', () => {
    expect(isHunkUnit({ ...units[0], latin1: false })).toBe(false);
    expect(isHunkUnit({ ...units[0], latin1: 'yes' })).toBe(false);
  });

  it('print as any diff of lines of any bytes they came from', () => {
    const line = fc
      .uint8Array({ maxLength: 12 })
      .map((raw) => Buffer.from(raw).toString('latin1').replaceAll('\n', ' '));
    const part = fc.record({
      name: fc.stringMatching(/^[a-z]{1,6}$/),
      lines: fc.array(line, { minLength: 1, maxLength: 4 }),
    });
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 4 }), (parts) => {
        const diff = parts
          .map(
            ({ name, lines }, i) =>
              `diff --git a/${name}${i} b/${name}${i}\n--- a/${name}${i}\n+++ b/${name}${i}\n` +
              lines.map((text, k) => `@@ -${k + 1} +${k + 1} @@\n-${k}\n+${text}\n`).join(''),
          )
          .join('');
        const units = JSON.parse(JSON.stringify(parseHunks(bytes(diff))));
        expect(hunksText(units)).toEqual(bytes(diff));
        expect(hunksPatch(units)).toEqual(bytes(diff));
      }),
    );
  });
});

describe('names in a diff', () => {
  it('lose the tab git puts after a name with a space, and git’s quotes and escapes', () => {
    const diff = [
      'diff --git a/with space.txt b/with space.txt',
      '--- a/with space.txt\t',
      '+++ b/with space.txt\t',
      '@@ -1 +1 @@',
      '-a',
      '+b',
      'diff --git "a/caf\\303\\251 \\"q\\"\\\\.txt" "b/caf\\303\\251 \\"q\\"\\\\.txt"',
      '--- "a/caf\\303\\251 \\"q\\"\\\\.txt"\t',
      '+++ "b/caf\\303\\251 \\"q\\"\\\\.txt"\t',
      '@@ -1 +1 @@',
      '-a',
      '+b',
      'diff --git a/x b/y b/x b/y',
      'old mode 100644',
      'new mode 100755',
      'diff --git "a/n\\351 b" "b/n\\351 b"',
      'old mode 100644',
      'new mode 100755',
      '',
    ].join('\n');
    expect(parseHunks(diff).map(hunkLabel)).toEqual([
      'with space.txt -1 +1',
      'café "q"\\.txt -1 +1',
      'x b/y (no lines: mode)',
      'n\ufffd b (no lines: mode)',
    ]);
  });
});
