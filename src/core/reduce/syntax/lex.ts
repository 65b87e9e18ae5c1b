import { codePointIndex, type SyntaxNode } from '../../input/syntax.js';

/**
 * The tree of a text no grammar reads, as C-Vise's language-independent passes see it: tokens
 * (words, numbers, quoted strings, comments, single punctuation marks) and balanced brackets,
 * each pair a `group` node holding its opening mark, what is between, and its closing mark.
 * Words, numbers, strings, comments and groups are named (they go whole); punctuation is not
 * (it goes in the token pass). Spans are in code points. White space is in no token.
 */
export function lexTree(text: string): SyntaxNode {
  const points = Array.from(text);
  const root: SyntaxNode = {
    type: 'text',
    named: true,
    start: 0,
    end: points.length,
    children: [],
  };
  const open: SyntaxNode[] = [root];
  // Code unit offsets (what the pattern gives) to code points.
  const at = codePointIndex(text);
  for (const match of text.matchAll(TOKEN)) {
    const word = match[0];
    const start = at(match.index);
    const end = at(match.index + word.length);
    const parent = open.at(-1) as SyntaxNode;
    if (/^\s/u.test(word)) continue;
    const named = /^[\p{L}\p{N}_$"'`]|^\/[/*]/u.test(word);
    const token: SyntaxNode = { type: named ? 'token' : word, named, start, end, children: [] };
    if (OPENERS.has(word)) {
      const group: SyntaxNode = { type: 'group', named: true, start, end, children: [token] };
      parent.children.push(group);
      open.push(group);
      continue;
    }
    if (open.length > 1 && CLOSERS.get(word) === parent.children[0]?.type) {
      parent.children.push(token);
      parent.end = end;
      open.pop();
      continue;
    }
    parent.children.push(token);
    if (parent !== root) parent.end = end;
  }
  // A group never closed ends where its last token does; its ancestors then cover it.
  for (let i = open.length - 1; i > 0; i--) {
    const parent = open[i - 1] as SyntaxNode;
    if (parent !== root) parent.end = Math.max(parent.end, (open[i] as SyntaxNode).end);
  }
  return root;
}

const TOKEN =
  /\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\[\s\S])*`|[\p{L}_$][\p{L}\p{N}_$]*|\p{N}[\p{L}\p{N}_.]*|[\s\S]/gu;
const OPENERS = new Set(['(', '[', '{']);
const CLOSERS = new Map([
  [')', '('],
  [']', '['],
  ['}', '{'],
]);
