import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allUnits,
  configUnits,
  configurationProblem,
  difference,
  isSubset,
  outside,
  sameConfiguration,
  union,
} from '../../../src/core/isolate/configuration.js';

const configuration = fc.uniqueArray(fc.nat({ max: 60 })).map((a) => a.sort((p, q) => p - q));

describe('configurations', () => {
  it('unites, subtracts and compares as sets do, keeping ascending order', () => {
    fc.assert(
      fc.property(configuration, configuration, (a, b) => {
        const sorted = (s: Set<number>) => [...s].sort((p, q) => p - q);
        expect(union(a, b)).toEqual(sorted(new Set([...a, ...b])));
        expect(difference(a, b)).toEqual(a.filter((x) => !b.includes(x)));
        expect(isSubset(a, b)).toBe(a.every((x) => b.includes(x)));
        expect(outside(a, b)).toBe(a.find((x) => !b.includes(x)));
        expect(sameConfiguration(a, b)).toBe(a.join() === b.join());
        expect(configurationProblem(union(a, b), 'c')).toBeNull();
      }),
    );
  });

  it('names what is not a configuration', () => {
    expect(configurationProblem([0, 2, 2], 'c')).toBe(
      'c[2] is 2 after 2: unit indices must ascend, each once',
    );
    expect(configurationProblem([0, 1.5], 'c')).toBe(
      'c[1] is 1.5, not a unit index (an integer ≥ 0)',
    );
    expect(configurationProblem('01', 'c')).toBe('c is not an array of unit indices');
  });

  it('turns a configuration into the units it holds, in order', () => {
    const units = [...'<b>x</b>'];
    expect(allUnits(units.length)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(configUnits(units, [0, 2, 3]).join('')).toBe('<>x');
    expect(configUnits([10, 20], [])).toEqual([]);
    expect(() => configUnits([10, 20], [2])).toThrow('unit 2 is past the last unit');
  });
});
