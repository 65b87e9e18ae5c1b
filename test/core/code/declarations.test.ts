import { describe, expect, it } from 'vitest';
import {
  hasDefaultExport,
  listedExports,
  topLevelFunctions,
} from '../../../src/core/code/declarations.js';

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
