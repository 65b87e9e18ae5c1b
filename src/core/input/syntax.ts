import { LIMITS } from '../limits.js';

/**
 * A program's syntax tree as plain data, as a parser above core (tree-sitter's) hands it down:
 * node types and the spans of text they cover, in code points of the program's text. It is
 * flat, so that a session's header holds it at any depth of nesting:
 *
 * - `types` names each node type once;
 * - `nodes` has four numbers per node, in document (pre-)order: the type's index × 2, plus 1
 *   when the node is named (a grammar rule: `call_expression`, not the token `(`); its start; its
 *   end; how many children it has (they follow it, each with its own subtree).
 *
 * The first node is the root, covering the whole text.
 */
export interface SyntaxTree {
  /** The language the text was parsed as, e.g. `javascript`. */
  language: string;
  types: string[];
  nodes: number[];
  /**
   * Whether the parser found errors in the text. Then trials are not refused for failing to
   * parse: the failure may be the syntax error itself.
   */
  errors: boolean;
}

/** One node of a {@link SyntaxTree}, rebuilt as objects (see {@link syntaxNodes}). */
export interface SyntaxNode {
  type: string;
  named: boolean;
  start: number;
  end: number;
  children: SyntaxNode[];
}

/** The most node types one tree may name, and the longest name. */
const MAX_TYPES = 10_000;
const MAX_TYPE_LENGTH = 200;

/**
 * Why `value` is not a syntax tree of a text of `length` code points, in one sentence; null
 * when it is one. Checked before anything is rebuilt from it: a session may come from anyone.
 */
export function syntaxTreeProblem(value: unknown, length: number): string | null {
  if (typeof value !== 'object' || value === null) return 'the syntax tree is not an object';
  const tree = value as Partial<Record<keyof SyntaxTree, unknown>>;
  if (typeof tree.language !== 'string' || !/^[a-z][a-z0-9_-]{0,39}$/.test(tree.language)) {
    return 'the syntax tree names no language';
  }
  if (typeof tree.errors !== 'boolean') return 'the syntax tree does not say if it has errors';
  const { types, nodes } = tree;
  if (
    !Array.isArray(types) ||
    types.length > MAX_TYPES ||
    !types.every((t) => typeof t === 'string' && t.length <= MAX_TYPE_LENGTH)
  ) {
    return 'the syntax tree has no list of node types';
  }
  if (
    !Array.isArray(nodes) ||
    nodes.length === 0 ||
    nodes.length % 4 !== 0 ||
    nodes.length > 4 * LIMITS.length
  ) {
    return 'the syntax tree has no nodes, or too many';
  }
  if (!nodes.every((n) => Number.isSafeInteger(n) && n >= 0)) {
    return 'the syntax tree has a node that is not four whole numbers';
  }
  if (nodes[1] !== 0 || nodes[2] !== length) return 'the syntax tree does not cover the text';
  // Every node inside its parent, after its elder sibling, with the children it says it has.
  const open: { end: number; left: number; at: number }[] = [];
  for (let i = 0; i < nodes.length; i += 4) {
    const [kind, start, end, count] = nodes.slice(i, i + 4) as [number, number, number, number];
    if (kind >> 1 >= types.length) return 'the syntax tree names an unknown node type';
    if (end < start) return 'the syntax tree has a node that ends before it starts';
    const parent = open.at(-1);
    if (i > 0 && !parent) return 'the syntax tree has nodes after its root';
    if (parent) {
      if (start < parent.at || end > parent.end)
        return 'the syntax tree has a node outside its parent';
      parent.at = end;
      parent.left--;
    }
    open.push({ end, left: count, at: start });
    while (open.length > 0 && (open.at(-1) as { left: number }).left === 0) open.pop();
  }
  return open.length === 0 ? null : 'the syntax tree ends before its nodes do';
}

/** The root of a {@link SyntaxTree} (which {@link syntaxTreeProblem} has accepted) as objects. */
export function syntaxNodes(tree: SyntaxTree): SyntaxNode {
  const { nodes, types } = tree;
  const make = (i: number): SyntaxNode => ({
    type: types[(nodes[i] as number) >> 1] as string,
    named: ((nodes[i] as number) & 1) === 1,
    start: nodes[i + 1] as number,
    end: nodes[i + 2] as number,
    children: [],
  });
  const root = make(0);
  // An explicit stack: a program nests deeper than the call stack goes.
  const open: { node: SyntaxNode; left: number }[] = [{ node: root, left: nodes[3] as number }];
  for (let i = 4; i < nodes.length; i += 4) {
    while (open.length > 0 && (open.at(-1) as { left: number }).left === 0) open.pop();
    const parent = open.at(-1);
    if (!parent) break;
    const node = make(i);
    parent.node.children.push(node);
    parent.left--;
    open.push({ node, left: nodes[i + 3] as number });
  }
  return root;
}

/** A function from code unit offsets of `text` to code point offsets. */
export function codePointIndex(text: string): (offset: number) => number {
  if (!/[\uD800-\uDFFF]/.test(text)) return (offset) => offset;
  const points = new Int32Array(text.length + 1);
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    points[i] = count;
    const code = text.charCodeAt(i);
    // A low surrogate after a high one is the same code point.
    if (!(code >= 0xdc00 && code <= 0xdfff && i > 0 && isHigh(text.charCodeAt(i - 1)))) count++;
    else points[i] = count - 1;
  }
  points[text.length] = count;
  return (offset) => points[offset] as number;
}

function isHigh(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
