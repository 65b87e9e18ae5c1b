import { describe, expect, it } from 'vitest';
import { syntaxNodes, syntaxTreeProblem } from '../../../src/core/input/syntax.js';
import { LANGUAGES, languageOfFile } from '../../../src/live/syntax/languages.js';
import { GrammarError, SyntaxParser } from '../../../src/live/syntax/parser.js';
import { nodeGrammarFiles } from '../../../workers/process/grammar-files.js';

/** A small program in each language, and the same program broken. */
const PROGRAMS = {
  javascript: ['const s = "é😀";\nf(s, [1, 2]);\n', 'f(s, [1, 2);'],
  typescript: ['let n: number = f<string>("x");\n', 'let n: = 1;'],
  tsx: ['const e = <b>{x}</b>;\n', 'const e = <b>{x</b>;'],
  python: ['def f(x):\n    return [x, 1]\n', 'def f(x:\n    return'],
  c: ['int main(void) { return f(1, 2); }\n', 'int main(void) { return f(1, 2; }'],
  json: ['{"a": [1, 2], "b": null}\n', '{"a": [1, 2}'],
  html: ['<ul><li>one</li></ul>\n', '<ul><li>one</li></ul'],
  css: ['a > b { color: red; }\n', 'a > b { color: red; '],
} as const;

describe('tree-sitter grammars, read by the command line from their npm packages', () => {
  it.each(LANGUAGES)(
    '%s: a program’s tree, spans in code points, and its errors told',
    async (language) => {
      const parser = await SyntaxParser.load(language, nodeGrammarFiles());
      const [good, bad] = PROGRAMS[language];
      const tree = await parser.parse(good);
      expect(tree).toMatchObject({ language, errors: false });
      expect(syntaxTreeProblem(tree, Array.from(good).length)).toBeNull();
      // Every leaf's span is a piece of the text, and the leaves are in order.
      const leaves: [number, number][] = [];
      const stack = [syntaxNodes(tree)];
      while (stack.length > 0) {
        const node = stack.pop();
        if (!node) break;
        if (node.children.length === 0) leaves.push([node.start, node.end]);
        stack.push(...[...node.children].reverse());
      }
      expect(leaves.length).toBeGreaterThan(3);
      for (let i = 1; i < leaves.length; i++) {
        expect((leaves[i] as [number, number])[0]).toBeGreaterThanOrEqual(
          (leaves[i - 1] as [number, number])[1],
        );
      }
      expect(parser.parses(good)).toBe(true);
      expect(parser.parses(bad)).toBe(false);
      expect((await parser.parse(bad)).errors).toBe(true);
    },
  );

  it('counts spans in code points past characters outside the BMP', async () => {
    const parser = await SyntaxParser.load('javascript', nodeGrammarFiles());
    const text = 'f("😀😀", x);';
    const root = syntaxNodes(await parser.parse(text));
    const points = Array.from(text);
    const names: string[] = [];
    const stack = [root];
    while (stack.length > 0) {
      const node = stack.pop();
      if (!node) break;
      if (node.type === 'identifier') names.push(points.slice(node.start, node.end).join(''));
      stack.push(...node.children);
    }
    expect(names.sort()).toEqual(['f', 'x']);
  });

  it('says which grammar does not load, and why', async () => {
    const files = nodeGrammarFiles();
    const broken = { ...files, grammar: async () => new Uint8Array([0, 97, 115, 109, 1]) };
    await expect(SyntaxParser.load('c', broken)).rejects.toThrow(GrammarError);
    await expect(SyntaxParser.load('c', broken)).rejects.toThrow(
      /the c grammar \(tree-sitter-c\/tree-sitter-c\.wasm\) does not load/,
    );
    const missing = { ...files, grammar: async () => Promise.reject(new Error('ENOENT')) };
    await expect(SyntaxParser.load('css', missing)).rejects.toThrow(/cannot be read: ENOENT/);
  });

  it('infers the language from a file’s name', () => {
    expect(languageOfFile('src/app.MJS')).toBe('javascript');
    expect(languageOfFile('a.tsx')).toBe('tsx');
    expect(languageOfFile('lib/x.h')).toBe('c');
    expect(languageOfFile('package-lock.json')).toBe('json');
    expect(languageOfFile('notes.txt')).toBeUndefined();
  });
});
