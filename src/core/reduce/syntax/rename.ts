import type { Span } from '../../input/edit.js';
import type { SyntaxNode } from '../../input/syntax.js';
import { lexTree } from './lex.js';

/** One rename a text offers: a name, every place it is used, and the shorter name it gets. */
export interface Rename {
  name: string;
  /** Where it is used, in the text's code points, in order. */
  spans: Span[];
  to: string;
}

/** Words no program would keep working without, in the languages Delta Lab reads. */
const KEYWORDS = new Set(
  (
    'as async await break case catch char class const continue def default del delete do ' +
    'double elif else enum except export extends extern false False finally float for from ' +
    'function global goto if import in instanceof int is lambda let long new None nonlocal not ' +
    'null of or pass raise return short signed sizeof static struct super switch this throw ' +
    'true True try typedef typeof undefined union unsigned var void while with yield'
  ).split(' '),
);

const WORD = /^[\p{L}_$][\p{L}\p{N}_$]*$/u;

/**
 * The renames of a text, as C-Reduce's and C-Vise's renaming passes make them: each word (a
 * name, as read without a grammar: not inside a string or a comment, not a keyword) longer than
 * the shortest name the text does not use yet, given that name everywhere it is used. The most
 * characters saved first. A rename the program does not survive (a name it imports, a property
 * a library reads) is a trial the test rejects like any other.
 */
export function renames(text: string): Rename[] {
  const places = new Map<string, Span[]>();
  const points = Array.from(text);
  for (const token of leaves(lexTree(text))) {
    const word = points.slice(token.start, token.end).join('');
    if (!WORD.test(word) || KEYWORDS.has(word)) continue;
    const spans = places.get(word) ?? [];
    spans.push([token.start, token.end]);
    places.set(word, spans);
  }
  const used = new Set(text.match(/[\p{L}\p{N}_$]+/gu) ?? []);
  const fresh = freshNames(used);
  const to = fresh.next().value as string;
  const out: Rename[] = [];
  for (const [name, spans] of places) {
    if (Array.from(name).length > to.length) out.push({ name, spans, to });
  }
  const saved = (r: Rename) => r.spans.length * (Array.from(r.name).length - r.to.length);
  return out.sort((a, b) => saved(b) - saved(a) || (a.spans[0]?.[0] ?? 0) - (b.spans[0]?.[0] ?? 0));
}

/** The text with `rename` made. */
export function renamed(text: string, rename: Rename): string {
  const points = Array.from(text);
  const out: string[] = [];
  let at = 0;
  for (const [lo, hi] of rename.spans) {
    out.push(points.slice(at, lo).join(''), rename.to);
    at = hi;
  }
  out.push(points.slice(at).join(''));
  return out.join('');
}

/** Names in order of length, then of the alphabet (`a` … `z`, `A` … `Z`, `aa` …), unused ones. */
function* freshNames(used: ReadonlySet<string>): Generator<string> {
  const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  for (let length = 1; ; length++) {
    const indices = new Array<number>(length).fill(0);
    for (;;) {
      const name = indices.map((i) => letters[i]).join('');
      if (!used.has(name) && !KEYWORDS.has(name)) yield name;
      let k = length - 1;
      while (k >= 0 && indices[k] === letters.length - 1) indices[k--] = 0;
      if (k < 0) break;
      indices[k] = (indices[k] as number) + 1;
    }
  }
}

/** The tokens of a tree, in document order. */
function leaves(root: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop() as SyntaxNode;
    if (node.children.length === 0) {
      if (node !== root) out.push(node);
      continue;
    }
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as SyntaxNode);
  }
  return out;
}
