import { describe, expect, it } from 'vitest';
import { allUnits, configUnits } from '../../../src/core/isolate/configuration.js';
import { dd } from '../../../src/core/isolate/dd.js';
import { isolateSync } from '../../../src/core/isolate/sync.js';
import {
  type Configuration,
  type IsolationMode,
  moveMade,
  type Resolution,
} from '../../../src/core/isolate/types.js';
import { failsWithAll, judgeBy, judged } from '../../support/isolate.js';

const isolate = (n: number, mode: IsolationMode, predicate: (c: Configuration) => Resolution) =>
  isolateSync({ pass: [], fail: allUnits(n) }, mode, judgeBy(predicate));

/** Trials as lines of a textbook table: the move tried, granularity, block, trial, move made. */
const table = (run: ReturnType<typeof isolate>, predicate: (c: Configuration) => Resolution) =>
  run.trials.map((t) => {
    const made = moveMade(t, judged(predicate(t.config)));
    return `${t.move} n=${t.granularity} Δ${t.block} [${t.config.join(' ')}] -> ${made ?? '-'}`;
  });

describe('dd', () => {
  // Zeller's running example: eight changes, the failure needs changes 1, 7 and 8 together.
  const zeller = failsWithAll([0, 6, 7]);

  it("isolates one unit of Zeller's eight-unit example (+-)", () => {
    const run = isolate(8, '+-', zeller);
    expect(table(run, zeller)).toEqual([
      'reduce-to-subset n=2 Δ0 [0 1 2 3] -> increase-to-subset',
      'reduce-to-subset n=2 Δ0 [0 1 2 3 4 5] -> increase-to-subset',
      'reduce-to-subset n=2 Δ0 [0 1 2 3 4 5 6] -> increase-to-subset',
    ]);
    expect(run.result).toEqual({ pass: [0, 1, 2, 3, 4, 5, 6], fail: allUnits(8), difference: [7] });
    expect(run.verification).toMatchObject({ oneMinimal: true, verified: true });
    // From the other side, the failure reduces to the three changes and one of them is isolated.
    const reversed = isolate(8, '+-', (c) =>
      zeller(c) === 'FAIL' || c.length === 8 ? 'FAIL' : 'PASS',
    );
    expect(reversed.result.difference).toHaveLength(1);
  });

  it('makes the move each outcome allows, at once', () => {
    const predicate = failsWithAll([3, 4]);
    const run = isolate(8, '+-', predicate);
    expect(table(run, predicate)).toEqual([
      'reduce-to-subset n=2 Δ0 [0 1 2 3] -> increase-to-subset',
      'reduce-to-subset n=2 Δ0 [0 1 2 3 4 5] -> reduce-to-subset',
      'reduce-to-subset n=2 Δ0 [0 1 2 3 4] -> reduce-to-subset',
    ]);
    expect(run.result).toEqual({ pass: [0, 1, 2, 3], fail: [0, 1, 2, 3, 4], difference: [4] });
  });

  it('tries the complement first at finer granularities; unresolved trials move nothing', () => {
    const unresolved = (c: Configuration): Resolution =>
      c.length === 0 ? 'PASS' : c.length === 8 || c.length === 6 ? 'FAIL' : 'UNRESOLVED';
    expect(table(isolate(8, '+-', unresolved), unresolved).slice(0, 6)).toEqual([
      'reduce-to-subset n=2 Δ0 [0 1 2 3] -> -',
      'increase-to-complement n=2 Δ0 [4 5 6 7] -> -',
      'increase-to-complement n=4 Δ0 [2 3 4 5 6 7] -> reduce-to-complement',
      'increase-to-complement n=3 Δ0 [4 5 6 7] -> -',
      'reduce-to-subset n=3 Δ0 [2 3] -> -',
      'increase-to-complement n=3 Δ1 [2 3 6 7] -> -',
    ]);
  });

  it('minimises the failing side only (-): the three changes', () => {
    const run = isolate(8, '-', zeller);
    expect(run.result).toEqual({ pass: [], fail: [0, 6, 7], difference: [0, 6, 7] });
    expect(new Set(run.trials.map((t) => t.move))).toEqual(
      new Set(['reduce-to-subset', 'reduce-to-complement']),
    );
    expect(run.verification.verified).toBe(true);
  });

  it('maximises the passing side only (+): all but one change', () => {
    const run = isolate(8, '+', zeller);
    expect(run.result).toEqual({ pass: [1, 2, 3, 4, 5, 6, 7], fail: allUnits(8), difference: [0] });
    expect(run.trials.every((t) => t.move.startsWith('increase'))).toBe(true);
    expect(run.verification.verified).toBe(true);
  });

  it('finds a single cause by halving', () => {
    const run = isolate(64, '+-', failsWithAll([41]));
    expect(run.result.difference).toEqual([41]);
    expect(run.trials.length).toBeLessThanOrEqual(2 * Math.log2(64));
    expect(run.verification.verified).toBe(true);
  });

  it('isolates the second of two interacting causes, the first kept on the passing side', () => {
    // Unit 12 fails together with unit 3, and is unresolved (say, malformed) without it.
    const interacting = (c: Configuration): Resolution =>
      c.includes(12) ? (c.includes(3) ? 'FAIL' : 'UNRESOLVED') : 'PASS';
    const run = isolate(16, '+-', interacting);
    expect(run.result.difference).toEqual([12]);
    expect(run.result.pass).toContain(3);
    expect(run.verification.verified).toBe(true);
  });

  it('leaves everything in place when every trial is unresolved', () => {
    const start = { pass: [2], fail: [0, 1, 2, 3, 4] };
    const fixed = (c: Configuration): Resolution =>
      c.length === 1 ? 'PASS' : c.length === 5 ? 'FAIL' : 'UNRESOLVED';
    const run = isolateSync(start, '+-', judgeBy(fixed));
    expect(run.result).toEqual({ ...start, difference: [0, 1, 3, 4] });
    expect(run.verification).toMatchObject({ oneMinimal: true, verified: true });
  });

  it("isolates the quote that the book's remove_html_markup mishandles", () => {
    const text = '<b foo="bar">"x"</b>';
    const units = [...text];
    const run = isolate(units.length, '+-', (c) => {
      const input = configUnits(units, c).join('');
      return buggyMarkup(input) === markup(input) ? 'PASS' : 'FAIL';
    });
    const [cause] = run.result.difference;
    expect(run.result.difference).toHaveLength(1);
    expect(units[cause as number]).toBe('"');
    // The tag passes; a quote after it is dropped instead of kept.
    expect(configUnits(units, run.result.pass).join('')).toBe('<b foo="bar">');
    expect(configUnits(units, run.result.fail).join('')).toBe('<b foo="bar">"');
    expect(run.verification.verified).toBe(true);
  });

  it('says which sides stand when a caller stops it', () => {
    const steps = dd({ pass: [], fail: allUnits(8) }, '+-');
    expect(steps.next().value).toMatchObject({
      config: [0, 1, 2, 3],
      move: 'reduce-to-subset',
      ifFail: 'reduce-to-subset',
      ifPass: 'increase-to-subset',
      granularity: 2,
      block: 0,
      blockUnits: [0, 1, 2, 3],
    });
    const second = steps.next(judged('PASS')).value;
    expect(second).toMatchObject({
      config: [0, 1, 2, 3, 4, 5],
      pass: [0, 1, 2, 3],
      fail: allUnits(8),
    });
    expect(steps.return({ pass: [], fail: [], difference: [] }).done).toBe(true);
  });

  it('rejects a start that is not two nested configurations, loudly', () => {
    const run = (pass: number[], fail: number[], mode: IsolationMode = '+-') =>
      dd({ pass, fail }, mode).next();
    expect(() => run([5], [0, 1])).toThrow('unit 5 is in c_pass only');
    expect(() => run([], [1, 0])).toThrow('dd: c_fail[1] is 0 after 1');
    expect(() => run([-1], [0])).toThrow('dd: c_pass[0] is -1');
    expect(() => run([], [0], '*' as IsolationMode)).toThrow('unknown mode "*"');
  });
});

/** The Debugging Book's `remove_html_markup`: a quote outside a tag toggles the quote state. */
function buggyMarkup(s: string): string {
  let tag = false;
  let quote = false;
  let out = '';
  for (const c of s) {
    if (c === '<' && !quote) tag = true;
    else if (c === '>' && !quote) tag = false;
    else if (c === '"' || (c === "'" && tag)) quote = !quote;
    else if (!tag) out += c;
  }
  return out;
}

/** The fixed version: quotes only count inside a tag. */
function markup(s: string): string {
  let tag = false;
  let quote = false;
  let out = '';
  for (const c of s) {
    if (c === '<' && !quote) tag = true;
    else if (c === '>' && !quote) tag = false;
    else if ((c === '"' || c === "'") && tag) quote = !quote;
    else if (!tag) out += c;
  }
  return out;
}
