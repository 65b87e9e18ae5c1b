import type { SyntaxTree } from '../../../../src/core/input/syntax.js';

/**
 * A node of a hand-made tree: its type, then its parts (child nodes, and strings: text in no
 * node, e.g. white space). A type in lower case is named (`call`), anything else is a token
 * as a grammar names its anonymous ones (`(`, `;`, `If`: written capitalised for a keyword).
 */
export type Spec = [type: string, ...parts: (Spec | string)[]];

/**
 * A {@link SyntaxTree} built by hand, as a grammar would give it: each spec is a node whose text
 * is its parts joined (strings are gaps of text in no node, e.g. white space). A node of one
 * string part is a token; its type is named when it starts with a letter.
 */
export function treeOf(root: Spec, language = 'test'): { text: string; tree: SyntaxTree } {
  const types: string[] = [];
  const nodes: number[] = [];
  let text = '';
  const visit = (spec: Spec) => {
    const [type, ...parts] = spec;
    let index = types.indexOf(type);
    if (index < 0) index = types.push(type) - 1;
    const place = nodes.length;
    nodes.push(index * 2 + (/^[a-z]/.test(type) ? 1 : 0), Array.from(text).length, 0, 0);
    for (const part of parts) {
      if (typeof part === 'string') text += part;
      else {
        nodes[place + 3] = (nodes[place + 3] as number) + 1;
        visit(part);
      }
    }
    nodes[place + 2] = Array.from(text).length;
  };
  visit(root);
  return { text, tree: { language, types, nodes, errors: false } };
}

/** A token: named `type` when given one (`identifier`), else anonymous, as keywords are. */
export const tok = (text: string, type?: string): Spec => [
  type ?? text.replace(/^[a-z]/, (c) => c.toUpperCase()),
  text,
];
