import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type SyntaxNode, syntaxNodes } from '../../../src/core/input/syntax.js';
import { htmlDepth } from '../../../src/live/syntax/html-depth.js';
import { parserOf } from '../../../src/live/syntax/parse-program.js';
import { nodeGrammarFiles } from '../../../workers/process/grammar-files.js';

describe('htmlDepth', () => {
  it('counts the elements open at the deepest point', () => {
    expect(htmlDepth('')).toBe(0);
    expect(htmlDepth('just text')).toBe(0);
    expect(htmlDepth('<b>x</b><i>y</i>')).toBe(1);
    expect(htmlDepth('<div><ul><li><b>x</b></li></ul></div>')).toBe(4);
    expect(htmlDepth(`${'<b>'.repeat(50_000)}x${'</b>'.repeat(50_000)}`)).toBe(50_000);
  });

  it('opens no void or self-closed element, and closes what an end tag leaves open inside it', () => {
    expect(htmlDepth('<p><br><img src="a.png"><input></p>')).toBe(1);
    expect(htmlDepth('<div><x-icon/><x-icon/></div>')).toBe(2);
    expect(htmlDepth('<div><b><i>x</div><div>y</div>')).toBe(3);
    // An end tag of no open element closes nothing.
    expect(htmlDepth('<div></span><b>x</b></div>')).toBe(2);
  });

  it('closes the elements a start tag cannot go into, as browsers do', () => {
    expect(htmlDepth(`<ul>${'<li>item'.repeat(1000)}</ul>`)).toBe(2);
    expect(htmlDepth(`${'<p>para'.repeat(1000)}`)).toBe(1);
    expect(htmlDepth('<p>a<div>b</div>')).toBe(1);
    expect(htmlDepth(`<table>${'<tr><td>a<td>b'.repeat(100)}</table>`)).toBe(3);
    expect(htmlDepth(`<dl>${'<dt>a<dd>b'.repeat(100)}</dl>`)).toBe(2);
  });

  it('skips comments, quoted attributes and the text of scripts and styles', () => {
    expect(htmlDepth(`<!-- ${'<b>'.repeat(100)} --><i>x</i>`)).toBe(1);
    expect(htmlDepth(`<a title="${'<b>'.repeat(100)}">x</a>`)).toBe(1);
    expect(htmlDepth(`<script>${'<b>'.repeat(100)}</SCRIPT><i>x</i>`)).toBe(1);
    expect(htmlDepth(`<style>${'<b>'.repeat(100)}</style>`)).toBe(1);
  });

  it('stops counting a little past its limit, in one pass', () => {
    const text = `${'<b>'.repeat(200_000)}x`;
    expect(htmlDepth(text, 512)).toBe(513);
  });

  it('counts as deep as tree-sitter-html nests the elements it reads', async () => {
    const parser = await parserOf('html', nodeGrammarFiles());
    const tags = ['div', 'b', 'span', 'ul', 'li', 'p', 'section', 'x-card'];
    const html = fc.letrec<{ node: string }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constantFrom('x', ' y ', '<br>', '<!-- <i> -->'),
        fc
          .tuple(fc.constantFrom(...tags), fc.array(tie('node'), { maxLength: 4 }), fc.boolean())
          // `<li>` and `<p>` may be left for what follows to close.
          .map(([tag, children, open]) =>
            open && (tag === 'li' || tag === 'p')
              ? `<${tag}>${children.join('')}`
              : `<${tag}>${children.join('')}</${tag}>`,
          ),
      ),
    })).node;
    await fc.assert(
      fc.asyncProperty(fc.array(html, { maxLength: 4 }), async (parts) => {
        const text = parts.join('');
        const tree = await parser.parse(text);
        fc.pre(!tree.errors);
        expect(htmlDepth(text)).toBe(elementDepth(syntaxNodes(tree), text));
      }),
      { numRuns: 200 },
    );
  });
});

/** How deep elements nest in a tree-sitter-html tree of `text` (a void element, `<br>`, not counted). */
function elementDepth(node: SyntaxNode, text: string): number {
  const below = Math.max(0, ...node.children.map((child) => elementDepth(child, text)));
  const opens = node.type === 'element' && !text.startsWith('<br', node.start);
  return below + (opens ? 1 : 0);
}
