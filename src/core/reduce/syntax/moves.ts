import type { Span } from '../../input/edit.js';
import type { SyntaxNode } from '../../input/syntax.js';
import type { Program } from './reduced-program.js';

/**
 * The units of the syntax moves, as spans of the start text, from a program's tree and what is
 * kept of it. Each function names the units of one move for the program as it is now; a unit
 * whose code points are all gone already is left out.
 */

/** How many descendants a node may be hoisted to, at most (the nearest first). */
const HOIST_CANDIDATES = 8;

/** The separators a list element is deleted with. */
const SEPARATORS = new Set([',', ';']);

/** The named nodes below the root, level by level (level 1: the root's children), as units. */
export function levels(root: SyntaxNode): SyntaxNode[][] {
  const out: SyntaxNode[][] = [];
  let level = root.children;
  while (level.length > 0) {
    out.push(level);
    level = level.flatMap((node) => node.children);
  }
  return out;
}

/**
 * The deletion units of one level: each named node whose text is not all gone, with the
 * separator that follows it in its list (`a, b` loses `a,`), or for the last element the one
 * before it (`a, b` loses `, b`), so the list stays a list.
 */
export function deletions(level: readonly SyntaxNode[], program: Program): Span[][] {
  const units: Span[][] = [];
  for (const node of level) {
    if (!node.named || node.end === node.start || program.alive(node.start, node.end) === 0) {
      continue;
    }
    units.push([withSeparator(node, program)]);
  }
  return units;
}

/**
 * Every node's parent and its place among the parent's children, for the separators beside a
 * node (looked up, not searched for: a list of 100,000 elements took 13 s to search).
 */
const parents = new WeakMap<SyntaxNode, { parent: SyntaxNode; at: number }>();

/** Records the parent of every node of `root` (once per tree). */
export function linkParents(root: SyntaxNode): void {
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop() as SyntaxNode;
    node.children.forEach((child, at) => {
      parents.set(child, { parent: node, at });
      stack.push(child);
    });
  }
}

function withSeparator(node: SyntaxNode, program: Program): Span {
  const place = parents.get(node);
  const siblings = place?.parent.children ?? [];
  const at = place?.at ?? -1;
  const next = nextKept(siblings, at, 1, program);
  if (next && !next.named && SEPARATORS.has(next.type)) return [node.start, next.end];
  const previous = nextKept(siblings, at, -1, program);
  // The last element of a list goes with the comma before it.
  if (previous && !previous.named && previous.type === ',' && !next?.named) {
    return [previous.start, node.end];
  }
  return [node.start, node.end];
}

function nextKept(
  siblings: readonly SyntaxNode[],
  at: number,
  step: 1 | -1,
  program: Program,
): SyntaxNode | undefined {
  for (let i = at + step; i >= 0 && i < siblings.length; i += step) {
    const sibling = siblings[i] as SyntaxNode;
    if (program.alive(sibling.start, sibling.end) > 0) return sibling;
  }
  return undefined;
}

/**
 * The hoists of a tree, in document order: a named node replaced by one of its named
 * descendants (one of the same type first, then its children, then theirs), at most
 * {@link HOIST_CANDIDATES} per node. As spans: what of the node lies outside the descendant.
 * Without a grammar (`group` nodes), a pair of brackets is dropped around what it holds.
 */
export function hoists(root: SyntaxNode, program: Program): Span[][] {
  const out: Span[][] = [];
  const stack = [...root.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop() as SyntaxNode;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as SyntaxNode);
    const size = program.alive(node.start, node.end);
    if (!node.named || size === 0) continue;
    for (const inner of hoistTargets(node)) {
      const kept = program.alive(inner.start, inner.end);
      if (kept === 0 || kept === size) continue;
      out.push([
        [node.start, inner.start],
        [inner.end, node.end],
      ]);
    }
  }
  return out;
}

function hoistTargets(node: SyntaxNode): SyntaxNode[] {
  if (node.type === 'group') {
    const inner = node.children.slice(1, -1);
    const first = inner[0];
    const last = inner.at(-1);
    return first && last && node.children.length >= 3
      ? [{ type: 'inside', named: true, start: first.start, end: last.end, children: [] }]
      : [];
  }
  // Compatible first: the same type, then the same family (`if_statement` and
  // `expression_statement` are both statements, `call_expression` and `binary_expression` both
  // expressions, in every grammar that names its rules so), at any depth; then what is near.
  const family = familyOf(node.type);
  const same: SyntaxNode[] = [];
  const kin: SyntaxNode[] = [];
  const near: SyntaxNode[] = [];
  let level = node.children;
  for (let depth = 1; level.length > 0 && depth <= 6; depth++) {
    for (const child of level) {
      if (!child.named) continue;
      if (child.type === node.type) same.push(child);
      else if (family && familyOf(child.type) === family) kin.push(child);
      else if (depth <= 1) near.push(child);
    }
    level = level.flatMap((child) => child.children);
  }
  // Through a node's only named child, its children are near too (`{"a": x}` → `x`).
  const named = node.children.filter((child) => child.named);
  if (named.length === 1) near.push(...(named[0] as SyntaxNode).children.filter((c) => c.named));
  const targets = [...same.slice(0, 2), ...kin.slice(0, 4), ...near];
  return [...new Set(targets)].slice(0, HOIST_CANDIDATES);
}

/** The family of a node type named `kind_family` (`statement`, `expression`…), if any. */
function familyOf(type: string): string | undefined {
  const at = type.lastIndexOf('_');
  return at > 0 ? type.slice(at + 1) : undefined;
}

/** The tokens (leaves) whose text is not all gone, in document order. */
export function tokens(root: SyntaxNode, program: Program): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop() as SyntaxNode;
    if (node.children.length === 0) {
      if (node !== root && program.alive(node.start, node.end) > 0) out.push(node);
      continue;
    }
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as SyntaxNode);
  }
  return out;
}

/**
 * The white space that can go, as two moves: `shorten` takes the blank lines out of a run of
 * kept white space, or when it holds no blank line, leaves one character of it; `join` removes a whole run where a mark that is not a word character stands on one
 * side of it (`a = b` → `a=b`; `int x` keeps its space).
 */
export function spaces(program: Program, move: 'shorten' | 'join'): Span[][] {
  const out: Span[][] = [];
  const { units } = program;
  const word = (at: number | undefined) =>
    at !== undefined && /[\p{L}\p{N}_$]/u.test(units[at] ?? '');
  let run: number[] = [];
  let previous: number | undefined;
  const flush = (next: number | undefined) => {
    if (move === 'join') {
      const from = word(previous) && word(next) ? undefined : run[0];
      if (from !== undefined) out.push([[from, (run.at(-1) as number) + 1]]);
    } else {
      // Blank lines go, the last line's indentation stays (Python's blocks keep their depth).
      const breaks = run.filter((at) => units[at] === '\n');
      if (breaks.length >= 2) {
        out.push([[(breaks[0] as number) + 1, (breaks.at(-1) as number) + 1]]);
      } else if (run.length > 1) out.push([[run[1] as number, (run.at(-1) as number) + 1]]);
    }
    run = [];
  };
  for (let i = 0; i < units.length; i++) {
    if (!program.kept(i)) continue;
    if (/\s/u.test(units[i] as string)) run.push(i);
    else {
      flush(i);
      previous = i;
    }
  }
  flush(undefined);
  return out;
}

/** The kept lines of the program, each as the span from its first kept code point to its end. */
export function lines(program: Program): Span[][] {
  const out: Span[][] = [];
  const { units } = program;
  let first = -1;
  for (let i = 0; i < units.length; i++) {
    if (!program.kept(i)) continue;
    if (first < 0) first = i;
    if (units[i] === '\n') {
      out.push([[first, i + 1]]);
      first = -1;
    }
  }
  if (first >= 0) out.push([[first, units.length]]);
  return out;
}
