import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clipText, DISPLAY_CHARS } from '../../../src/core/text/clip.js';

describe('clipText', () => {
  it('keeps short plain text as it is', () => {
    expect(clipText('[-7]')).toBe('[-7]');
    expect(clipText('')).toBe('');
    expect(clipText('甲乙丙 😀 é')).toBe('甲乙丙 😀 é');
  });

  it('clips long text to its head, marked', () => {
    const shown = clipText('x'.repeat(10_000));
    expect(shown).toBe(`${'x'.repeat(DISPLAY_CHARS)}…`);
  });

  it('collapses a run of combining marks on one letter, reading a bounded prefix', () => {
    const hostile = `a${'\u0301'.repeat(300_000)}b`;
    const shown = clipText(hostile);
    expect(shown).toBe(`a${'\u0301'.repeat(3)}…`);
    // A real accent, or three, stays.
    expect(clipText('e\u0301\u0302\u0303')).toBe('e\u0301\u0302\u0303');
  });

  it('never splits a surrogate pair and never returns more than the bound', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 400 }),
        fc.integer({ min: 1, max: 50 }),
        (text, max) => {
          const shown = clipText(text, max);
          expect([...shown.replace(/…$/, '')].length).toBeLessThanOrEqual(max);
          expect(shown).not.toMatch(
            /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/,
          );
        },
      ),
    );
  });
});
