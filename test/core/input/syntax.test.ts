import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codePointIndex, syntaxNodes, syntaxTreeProblem } from '../../../src/core/input/syntax.js';
import { tok, treeOf } from '../reduce/syntax/trees.js';

const CALL = treeOf([
  'program',
  [
    'call',
    tok('f', 'identifier'),
    [
      'arguments',
      tok('('),
      tok('a', 'identifier'),
      tok(','),
      ' ',
      tok('b', 'identifier'),
      tok(')'),
    ],
  ],
]);

describe('syntax trees as plain data', () => {
  it('rebuilds the nodes a grammar gave, with their spans and children', () => {
    expect(CALL.text).toBe('f(a, b)');
    expect(syntaxTreeProblem(CALL.tree, 7)).toBeNull();
    const root = syntaxNodes(CALL.tree);
    const [call] = root.children;
    expect(call).toMatchObject({ type: 'call', named: true, start: 0, end: 7 });
    const args = call?.children[1];
    expect(args?.children.map((n) => [n.type, n.named, n.start, n.end])).toEqual([
      ['(', false, 1, 2],
      ['identifier', true, 2, 3],
      [',', false, 3, 4],
      ['identifier', true, 5, 6],
      [')', false, 6, 7],
    ]);
  });

  it('refuses a tree that does not fit its text, whatever is changed in it', () => {
    expect(syntaxTreeProblem(CALL.tree, 8)).toMatch(/does not cover/);
    expect(syntaxTreeProblem({ ...CALL.tree, language: '' }, 7)).toMatch(/language/);
    expect(syntaxTreeProblem({ ...CALL.tree, nodes: [] }, 7)).toMatch(/no nodes/);
    expect(syntaxTreeProblem(null, 7)).toMatch(/not an object/);
    // Any one number changed: refused, or still a tree whose nodes nest in their parents.
    fc.assert(
      fc.property(
        fc.nat(CALL.tree.nodes.length - 1),
        fc.integer({ min: -2, max: 40 }),
        (at, value) => {
          const nodes = CALL.tree.nodes.slice();
          nodes[at] = value;
          const tree = { ...CALL.tree, nodes };
          const problem = syntaxTreeProblem(tree, 7);
          if (problem !== null) return;
          const check = (node: ReturnType<typeof syntaxNodes>): void => {
            let at = node.start;
            for (const child of node.children) {
              expect(child.start).toBeGreaterThanOrEqual(at);
              expect(child.end).toBeLessThanOrEqual(node.end);
              at = child.end;
              check(child);
            }
          };
          check(syntaxNodes(tree));
        },
      ),
    );
  });

  it('counts offsets in code points: a surrogate pair is one', () => {
    const at = codePointIndex('a😀b');
    expect([0, 1, 3, 4].map(at)).toEqual([0, 1, 2, 3]);
    expect(codePointIndex('abc')(2)).toBe(2);
  });
});
