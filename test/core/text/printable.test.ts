import { describe, expect, it } from 'vitest';
import { printable, printableLines } from '../../../src/core/text/printable.js';

describe('printable text', () => {
  it('writes control characters as \\u escapes, line breaks and tabs too', () => {
    expect(printable('a\tb\n\u001b[2Jc\u009b\r')).toBe('a\\u0009b\\u000a\\u001b[2Jc\\u009b\\u000d');
  });

  it('of many lines keeps the line breaks and the tabs, and escapes the rest in every line', () => {
    const diff = '--- a/f\n+++ b/f\n@@ -1 +1 @@\n-\tx = 1;\r\n+\u001b]0;owned\u0007x\n';
    expect(printableLines(diff)).toBe(
      '--- a/f\n+++ b/f\n@@ -1 +1 @@\n-\tx = 1;\\u000d\n+\\u001b]0;owned\\u0007x\n',
    );
  });
});
