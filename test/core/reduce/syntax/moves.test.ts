import { describe, expect, it } from 'vitest';
import { type SyntaxTree, syntaxNodes } from '../../../../src/core/input/syntax.js';
import { deletions, linkParents } from '../../../../src/core/reduce/syntax/moves.js';
import { Program } from '../../../../src/core/reduce/syntax/reduced-program.js';

/** `[0,1,…]`, `count` one-digit numbers, and its tree: an array of numbers, commas between. */
function list(count: number): { text: string; tree: SyntaxTree } {
  const types = ['array', '[', 'number', ',', ']'];
  const text = `[${Array.from({ length: count }, (_, i) => i % 10).join(',')}]`;
  const nodes = [1, 0, text.length, 2 * count + 1, 2, 0, 1, 0];
  for (let i = 0; i < count; i++) {
    if (i > 0) nodes.push(6, 2 * i, 2 * i + 1, 0);
    nodes.push(5, 2 * i + 1, 2 * i + 2, 0);
  }
  nodes.push(8, text.length - 1, text.length, 0);
  return { text, tree: { language: 'json', types, nodes, errors: false } };
}

describe('the deletions of a level', () => {
  it('name the elements of a list of 200,000 at once, each with its comma', () => {
    const count = 200_000;
    const { text, tree } = list(count);
    const root = syntaxNodes(tree);
    linkParents(root);
    const started = performance.now();
    // Each element's place among its siblings was searched for: half a minute for this list.
    const units = deletions(root.children, new Program(text));
    expect(performance.now() - started).toBeLessThan(5000);
    expect(units).toHaveLength(count);
    expect(units[0]).toEqual([[1, 3]]);
    expect(units.at(-1)).toEqual([[text.length - 3, text.length - 1]]);
  });
});
