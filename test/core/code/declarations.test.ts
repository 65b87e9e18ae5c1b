import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  hasDefaultExport,
  listedExports,
  topLevelFunctions,
} from '../../../src/core/code/declarations.js';
import { scannedEntryProblem } from '../../../src/core/code/entry.js';

describe('declarations', () => {
  it('finds top-level functions, exported or not, and skips indented ones', () => {
    const source = [
      'export function candidate(a: number[]): number {',
      '  function inner() {}',
      '  return 0;',
      '}',
      'const helper = (a) => a;',
      'export const reference = function (a) { return 1; };',
      'async function later() {}',
      'let plain = 3;',
    ].join('\n');
    expect(topLevelFunctions(source)).toEqual([
      { name: 'candidate', exported: true },
      { name: 'helper', exported: false },
      { name: 'reference', exported: true },
      { name: 'later', exported: false },
    ]);
  });

  it('reads export lists and default exports', () => {
    expect(listedExports('export { isBad as outcome, valid };\nexport {x as default}')).toEqual([
      'outcome',
      'valid',
    ]);
    expect(hasDefaultExport('export default function (a) {}')).toBe(true);
    expect(hasDefaultExport('export { kadane as default };')).toBe(true);
    expect(hasDefaultExport('export function candidate(a) {}\n// export default')).toBe(false);
  });
});

/** The patterns the scans replaced: the scans must agree with them wherever they answered. */
const OLD_DECLARATION =
  /^(export\s+(?:default\s+)?)?(?:(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)\s*[(<]|(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]*)?=\s*(?:async\b\s*)?(?:function\b|\(|<|[A-Za-z_$][\w$]*\s*=>))/;

function oldTopLevel(source: string): string[] {
  const found: string[] = [];
  for (const line of source.split(/\r?\n/)) {
    const match = OLD_DECLARATION.exec(line);
    const name = match?.[2] ?? match?.[3];
    if (name === undefined || found.some((d) => d.startsWith(`${name}:`))) continue;
    found.push(`${name}:${match?.[1] !== undefined}`);
  }
  return found;
}

/** Lines made of the tokens declarations are made of, in any order. */
const TOKENS = fc.constantFrom(
  'export',
  'default',
  'async',
  'function',
  'functionx',
  'const',
  'let',
  'var',
  '*',
  'f',
  '$g',
  'async',
  ' ',
  '  ',
  '\t',
  '(',
  '<',
  ')',
  '{',
  '}',
  '=',
  '=>',
  ':',
  'number',
  ',',
  'as',
  '\n',
  '\r\n',
);
const SOURCE = fc.array(TOKENS, { maxLength: 24 }).map((tokens) => tokens.join(''));

describe('declarations: linear scans that agree with the patterns they replaced', () => {
  it('finds the same top-level functions as the old pattern on any line of their tokens', () => {
    fc.assert(
      fc.property(SOURCE, (source) => {
        const found = topLevelFunctions(source).map((d) => `${d.name}:${d.exported}`);
        // The tokens that are reserved words name no function (see RESERVED).
        const reserved = /^(export|default|function|const|let|var):/;
        expect(found).toEqual(oldTopLevel(source).filter((d) => !reserved.test(d)));
      }),
      { numRuns: 5000 },
    );
  });

  it('reads export lists and default exports as the old patterns did', () => {
    fc.assert(
      fc.property(SOURCE, (source) => {
        const text = source.replaceAll('function', 'export {');
        expect(hasDefaultExport(text)).toBe(
          /^export\s+default\b/m.test(text) || /^export\s*\{[^}]*\bas\s+default\b/m.test(text),
        );
        const old = [...text.matchAll(/^export\s*\{([^}]*)\}/gm)].flatMap((list) =>
          (list[1] ?? '').split(',').map((item) => item.trim().split(/\s+/).at(-1)),
        );
        const expected = [...new Set(old.filter((name) => name && name !== 'default'))];
        expect(listedExports(text)).toEqual(expected);
      }),
      { numRuns: 5000 },
    );
  });

  it('scans the texts that made the old patterns backtrack for seconds in a moment', () => {
    const hostile = [
      `function${' '.repeat(150_000)}x`,
      `export const f${' '.repeat(100_000)}: ${' '.repeat(100_000)}`,
      'export {\n'.repeat(20_000),
      `export { a as${' '.repeat(100_000)}`,
      `\n${' \n'.repeat(100_000)}`,
    ];
    for (const source of hostile) {
      const started = performance.now();
      topLevelFunctions(source);
      listedExports(source);
      hasDefaultExport(source);
      scannedEntryProblem(source, 'candidate');
      // Each took 17–43 s before (quadratic); a linear scan of 200 K characters, milliseconds.
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });
});
