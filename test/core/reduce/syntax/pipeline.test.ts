import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Shape } from '../../../../src/core/input/kinds.js';
import type { SyntaxTree } from '../../../../src/core/input/syntax.js';
import { isReductionOf } from '../../../../src/core/input/value.js';
import type { Outcome } from '../../../../src/core/oracle/verdict.js';
import { drive } from '../../../../src/core/reduce/driver.js';
import { stepThroughSync } from '../../../../src/core/reduce/runner.js';
import { stagesOf } from '../../../../src/core/reduce/stages.js';
import { PIPELINE_STAGES } from '../../../../src/core/reduce/types.js';
import { tok, treeOf } from './trees.js';

const SHAPE: Shape = { kind: 'string', split: 'syntax' };

/** Runs `reducer` through the driver, judging each trial with `fails`; counts the runs. */
function reduce(
  text: string,
  fails: (text: string) => boolean,
  tree?: SyntaxTree,
  reducer: 'pipeline' | 'syntax' = 'pipeline',
) {
  let runs = 0;
  const result = stepThroughSync(
    drive(text, { reducer, shape: SHAPE, ...(tree ? { syntax: tree } : {}) }),
    (input): { outcome: Outcome } => {
      runs++;
      return { outcome: fails(input as string) ? 'FAIL' : 'PASS' };
    },
  );
  return { ...result, runs, reduced: result.reduced as string };
}

const length = (input: unknown) => Array.from(String(input)).length;

describe('the pipeline', () => {
  it('cuts inside a token and an indentation, where the syntax reducer alone cannot', () => {
    // An indentation error: a line indented deeper than the one before it, as Python reports.
    const text = [
      'def area(width, height):',
      '    total = width * height',
      '      return total',
      '',
      'print(area(2, 3))',
      '',
    ].join('\n');
    const fails = (t: string) => /\n {2,}\S/.test(t) && /^\S/.test(t);
    const piped = reduce(text, fails);
    const alone = reduce(text, fails, undefined, 'syntax');
    expect(fails(piped.reduced)).toBe(true);
    expect(piped.reduced).toMatch(/^\S\n {2}\S$/);
    expect(length(piped.reduced)).toBeLessThan(length(alone.reduced));
    expect(piped.verification).toMatchObject({ verified: true, subsequence: true });
  });

  it('names the stage of every trial, stages in order, round after round', () => {
    const { text, tree } = treeOf([
      'program',
      ['call', tok('f', 'identifier'), tok('('), tok('abc', 'identifier'), tok(')')],
      '\n',
      ['call', tok('g', 'identifier'), tok('('), tok('xyz', 'identifier'), tok(')')],
      '\n',
    ]);
    // The failure needs the `b` of `abc` and the `y` of `xyz`: only characters cut inside words.
    const result = reduce(text, (t) => /b[\s\S]*y/.test(t), tree);
    expect(result.reduced).toBe('by');
    const stages = result.history.map((row) => row.stage);
    expect(stages.every((stage) => stage !== undefined)).toBe(true);
    const passes = stagesOf(result.history, length);
    expect(passes[0]).toMatchObject({ stage: 'syntax', round: 1 });
    // Within a round the stages come in the pipeline's order; the last round accepts nothing.
    for (let i = 1; i < passes.length; i++) {
      const [was, now] = [passes[i - 1], passes[i]];
      if (was?.round === now?.round) {
        expect(PIPELINE_STAGES.indexOf(now?.stage ?? 'syntax')).toBeGreaterThan(
          PIPELINE_STAGES.indexOf(was?.stage ?? 'syntax'),
        );
      }
    }
    const last = passes.at(-1)?.round;
    expect(last).toBeGreaterThan(1);
    expect(passes.filter((pass) => pass.round === last).every((p) => p.accepted === 0)).toBe(true);
    expect(passes.at(-1)?.size).toBe(2);
  });

  it('skips the syntax stage for a start its grammar reads with errors', () => {
    const { text, tree } = treeOf([
      'program',
      ['call', tok('f', 'identifier'), tok('('), tok('abc', 'identifier'), tok(')')],
    ]);
    const result = reduce(text, (t) => t.includes('b'), { ...tree, errors: true });
    expect(result.reduced).toBe('b');
    expect(result.history.some((row) => row.stage === 'syntax')).toBe(false);
    expect(reduce(text, (t) => t.includes('b'), tree).history[0]?.stage).toBe('syntax');
  });

  it('without a grammar, starts with lines and skips the syntax stage', () => {
    const text = Array.from({ length: 64 }, (_, i) => `line ${i} (${i % 7})`).join('\n');
    const result = reduce(text, (t) => t.includes('line 9 ') && t.includes('line 40 '));
    expect(result.history[0]?.stage).toBe('lines');
    expect(result.history.some((row) => row.stage === 'syntax')).toBe(false);
    expect(result.reduced).toBe('line 9 line 40 ');
    expect(result.verification.verified).toBe(true);
  });

  it('ends 1-minimal by characters, a subsequence of the start, for any failure', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', '(', ')', ' ', '\n', 'x'), maxLength: 40 }),
        fc.constantFrom('ab', 'a)', '(x', 'b\nb'),
        (text, needle) => {
          const fails = (t: string) => {
            let at = 0;
            for (const char of t) if (char === needle[at]) at++;
            return at === needle.length;
          };
          if (!fails(text)) return;
          const result = reduce(text, fails);
          expect(result.reduced).toBe(needle);
          expect(isReductionOf(result.reduced, text, SHAPE)).toBe(true);
          expect(result.verification.oneMinimal).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });
});
