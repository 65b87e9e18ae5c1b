import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Shape } from '../../../../src/core/input/kinds.js';
import type { SyntaxTree } from '../../../../src/core/input/syntax.js';
import { isReductionOf } from '../../../../src/core/input/value.js';
import type { Outcome } from '../../../../src/core/oracle/verdict.js';
import { drive } from '../../../../src/core/reduce/driver.js';
import { stepThroughSync } from '../../../../src/core/reduce/runner.js';
import { syntax } from '../../../../src/core/reduce/syntax/syntax.js';
import { type Spec, tok, treeOf } from './trees.js';

const SHAPE: Shape = { kind: 'string', split: 'syntax' };

/** Runs the syntax reducer through the driver, judging each trial with `fails`. */
function reduce(text: string, tree: SyntaxTree | undefined, fails: (text: string) => boolean) {
  let runs = 0;
  const result = stepThroughSync(
    drive(text, { reducer: 'syntax', shape: SHAPE, ...(tree ? { syntax: tree } : {}) }),
    (input): { outcome: Outcome } => {
      runs++;
      return { outcome: fails(input as string) ? 'FAIL' : 'PASS' };
    },
  );
  return { ...result, runs, reduced: result.reduced as string };
}

/**
 * A tiny language, to judge trials as a compiler would: statements `name();` and
 * `if (name) { statements }`, white space anywhere between tokens. Whether `text` is a program.
 */
function parses(text: string): boolean {
  const tokens = text.match(/[a-z]+|\S/g) ?? [];
  let at = 0;
  const eat = (want: string | RegExp) => {
    const next = tokens[at];
    const ok = next !== undefined && (typeof want === 'string' ? next === want : want.test(next));
    if (ok) at++;
    return ok;
  };
  const statements = (): boolean => {
    while (at < tokens.length && tokens[at] !== '}') {
      if (eat('if')) {
        if (!(eat('(') && eat(/^[a-z]+$/) && eat(')') && eat('{') && statements() && eat('}'))) {
          return false;
        }
      } else if (!(eat(/^[a-z]+$/) && eat('(') && eat(')') && eat(';'))) return false;
    }
    return true;
  };
  return statements() && at === tokens.length;
}

const call = (name: string): Spec => [
  'call_statement',
  tok(name, 'identifier'),
  tok('('),
  tok(')'),
  tok(';'),
];
const ifBlock = (condition: string, ...body: Spec[]): Spec => [
  'if_statement',
  tok('if'),
  ' ',
  tok('('),
  tok(condition, 'identifier'),
  tok(')'),
  ' ',
  ['block', tok('{'), ...body.flatMap((s): (Spec | string)[] => [' ', s]), ' ', tok('}')],
];

describe('the syntax reducer, with a grammar’s tree', () => {
  it('hoists a statement out of the block around it', () => {
    const { text, tree } = treeOf(['program', ifBlock('c', call('a'), call('b'), call('d'))]);
    expect(text).toBe('if (c) { a(); b(); d(); }');
    const result = reduce(text, tree, (t) => parses(t) && t.includes('b()'));
    expect(result.reduced).toBe('b();');
    expect(result.verification.verified).toBe(true);
    // The accepted hoist is named as one: the if around the statement cut, the statement kept.
    const hoist = result.history.find((row) => row.accepted && row.move === 'hoist');
    const [first, last] = hoist?.cut ?? [];
    expect(hoist?.cut).toHaveLength(2);
    expect(String(hoist?.before).slice(first?.[1], last?.[0])).toBe('b();');
    // Every trial names its move (no white space is left to cut in `b();`).
    expect(new Set(result.history.map((row) => row.move))).toEqual(
      new Set(['subtrees', 'hoist', 'tokens']),
    );
  });

  it('deletes list elements with their separators, first and last alike', () => {
    const args = (...names: string[]): Spec => [
      'arguments',
      tok('('),
      ...names.flatMap((name, i): (Spec | string)[] =>
        i === 0 ? [tok(name, 'identifier')] : [tok(','), ' ', tok(name, 'identifier')],
      ),
      tok(')'),
    ];
    const { text, tree } = treeOf([
      'program',
      ['call', tok('f', 'identifier'), args('a', 'b', 'c', 'd')],
    ]);
    expect(text).toBe('f(a, b, c, d)');
    // A call whose arguments are names with single commas between them, holding c.
    const valid = (t: string) => /^f\(\w+(, ?\w+)*\)$/.test(t) && /\bc\b/.test(t);
    const result = reduce(text, tree, valid);
    expect(result.reduced).toBe('f(c)');
    expect(result.verification.verified).toBe(true);
  });

  it('keeps two far-apart parts: a helper at the top and its bad call at the bottom', () => {
    const filler = Array.from({ length: 12 }, (_, i) => call(`x${'abcdefghijkl'[i]}`));
    const { text, tree } = treeOf([
      'program',
      ifBlock('helper', call('setup'), call('work')),
      ...filler.flatMap((s): (Spec | string)[] => ['\n', s]),
      '\n',
      ifBlock('bad', call('helper')),
      '\n',
    ]);
    const fails = (t: string) =>
      parses(t) && /if \(helper\)/.test(t) && /work\(\)/.test(t) && /helper\(\)/.test(t);
    const result = reduce(text, tree, fails);
    expect(result.reduced).toBe('if (helper){work();}helper();');
    expect(result.verification).toMatchObject({ verified: true, subsequence: true });
    // Whole statements go at once: far fewer trials than the characters of the text.
    expect(result.runs).toBeLessThan(text.length);
  });
});

describe('the syntax reducer’s trials named ahead', () => {
  /**
   * Reduces `text` (with `tree`) judging by `fails`; of the trials asked right after an accepted
   * one, how many its `ahead(1, true)` named, and how many its `ahead(1)` named.
   */
  function namedAfterAccepted(
    text: string,
    tree: SyntaxTree | undefined,
    fails: (t: string) => boolean,
  ) {
    const steps = syntax(text, tree);
    let step = steps.next();
    const named = { chased: 0, notChased: 0, accepted: 0 };
    let after: { chased?: unknown; notChased?: unknown } | undefined;
    while (!step.done) {
      const { input, ahead } = step.value;
      if (after) {
        if (after.chased === input) named.chased++;
        if (after.notChased === input) named.notChased++;
      }
      const chased = fails(input as string);
      after = chased ? { chased: ahead?.(1, true)[0], notChased: ahead?.(1)[0] } : undefined;
      if (chased) named.accepted++;
      step = steps.next({ outcome: chased ? 'FAIL' : 'PASS', chased });
    }
    return named;
  }

  it('names what comes after a trial if it is accepted, as the reduction then asks for it', () => {
    const filler = Array.from({ length: 16 }, (_, i) => call(`x${'abcdefghijklmnop'[i]}`));
    const { text, tree } = treeOf([
      'program',
      ...filler.flatMap((s): (Spec | string)[] => ['\n', s]),
      '\n',
      ifBlock('bad', call('xa'), call('keep')),
      '\n',
    ]);
    const named = namedAfterAccepted(text, tree, (t) => parses(t) && /keep\(\)/.test(t));
    expect(named.accepted).toBeGreaterThan(4);
    // The trial after an accepted one is what `ahead(1, true)` named, at least two times in
    // three (not where a move or level ends with it); what `ahead(1)` named (the next trial had
    // this one been rejected) it never is.
    expect(named.chased * 3).toBeGreaterThanOrEqual(named.accepted * 2);
    expect(named.notChased).toBe(0);
    // Text without a grammar alike.
    const generic = namedAfterAccepted(
      'a(1); b(2); keep(3); c(4); d(5); e(6); f(7); g(8);',
      undefined,
      (t) => t.includes('keep'),
    );
    expect(generic.accepted).toBeGreaterThan(4);
    expect(generic.chased * 3).toBeGreaterThanOrEqual(generic.accepted * 2);
    expect(generic.notChased).toBe(0);
  });
});

describe('the syntax reducer, on text no grammar reads', () => {
  it('removes balanced brackets with their contents, and drops brackets around what matters', () => {
    const text = 'keep(drop[1, 2] {x: (y)}) + (z)';
    const result = reduce(text, undefined, (t) => /keep\b/.test(t) && /\by\b/.test(t));
    expect(result.reduced).toBe('keep y');
    expect(result.verification.verified).toBe(true);
  });

  it('ends failing, a subsequence of the start, and 1-minimal by every one of its moves', () => {
    const piece = fc.constantFrom(
      'a',
      'b ',
      '(',
      ')',
      '{x}',
      '[y, z]',
      ' ',
      '\n',
      'w;',
      'q = 1;\n',
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 25 }),
        fc.array(piece, { maxLength: 25 }),
        (a, b) => {
          const text = `${a.join('')}<m>${b.join('')}(n)`;
          const fails = (t: string) => {
            const m = t.indexOf('m');
            return m >= 0 && t.indexOf('n', m) > m;
          };
          const result = reduce(text, undefined, fails);
          expect(fails(result.reduced)).toBe(true);
          expect(isReductionOf(result.reduced, text, SHAPE)).toBe(true);
          expect(result.verification).toMatchObject({ verified: true, historyConsistent: true });
          // Every move from the result was judged, and none fails.
          const steps = syntax(text);
          let step = steps.next();
          while (!step.done) {
            const chased = fails(step.value.input as string);
            step = steps.next({ outcome: chased ? 'FAIL' : 'PASS', chased });
          }
          expect(step.value.reduced).toBe(result.reduced);
          for (const near of step.value.neighbours ?? []) expect(fails(near as string)).toBe(false);
        },
      ),
      { numRuns: 60 },
    );
  });
});
