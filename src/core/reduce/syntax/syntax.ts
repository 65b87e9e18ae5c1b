import type { Span } from '../../input/edit.js';
import type { Json } from '../../input/kinds.js';
import { type SyntaxTree, syntaxNodes } from '../../input/syntax.js';
import type { Judged, Reduced, Trial } from '../types.js';
import { lexTree } from './lex.js';
import { deletions, hoists, levels, lines, linkParents, spaces, tokens } from './moves.js';
import { Program } from './reduced-program.js';
import { Sweeps, windowsOf } from './sweeps.js';

/** The token windows of the token pass: with a grammar, and for text without one. */
const GRAMMAR_WINDOWS = [2, 1];
const GENERIC_WINDOWS = [16, 8, 4, 2, 1];
const SPACE_MOVES = ['shorten', 'join'] as const;

/**
 * Reduces a program by its syntax. With its tree (`tree`, from a grammar), in rounds until a
 * round changes nothing:
 *
 * 1. hierarchical deletion (HDD): level by level from the root's children down, the article's
 *    block deletion over the named nodes of the level, each with the separator that keeps its
 *    list a list (`f(a, b)` → `f(b)`);
 * 2. hoisting: a node replaced by a named descendant (one of its own type first, then its
 *    children and grandchildren): a block by one of its statements, a call by an argument, an
 *    expression by a sub-expression;
 * 3. a token pass: windows of 2, then 1 tokens;
 * 4. white space: blank lines out of each run (else the run shortened to one character), then runs
 *    gone where no word would join another.
 *
 * Without a tree, the text is read as C-Vise's generic passes read it (see `lexTree`): first
 * its lines by blocks (lines merged into blocks of every size the article's granularity makes),
 * then the same rounds over tokens and balanced brackets (a pair goes with its contents, or is
 * dropped around them), with windows of 16, 8, 4, 2 and 1 tokens.
 *
 * Every move deletes, so the result is the start with code points left out; every trial is a
 * `cut` of the current text. Trials that would repeat one already tried since the last change are
 * not asked again. The last round tried every move and none was accepted: the result is
 * 1-minimal with respect to each of them, and those trials are returned as its `neighbours` for
 * the driver to verify. Refusing trials that no longer parse is the oracle's part (it knows the
 * parser); here a refused trial is one that was not chased.
 */
export function* syntax(
  text: string,
  tree?: SyntaxTree,
): Generator<Trial<Json>, Reduced<Json>, Judged> {
  const program = new Program(text);
  const root = tree ? syntaxNodes(tree) : lexTree(text);
  linkParents(root);
  const grammar = tree !== undefined;
  const windows = grammar ? GRAMMAR_WINDOWS : GENERIC_WINDOWS;
  const sweeps = new Sweeps(program);
  const tiers = levels(root);
  for (; ; sweeps.round++) {
    let changed = false;
    if (!grammar && (yield* sweeps.sweep('lines', () => lines(program)))) changed = true;
    for (const level of tiers) {
      if (yield* sweeps.sweep('subtrees', () => deletions(level, program))) changed = true;
    }
    if (yield* sweeps.oneByOne('hoist', () => hoists(root, program))) changed = true;
    for (const size of windows) {
      const windowed = () => windowsOf(tokens(root, program), size);
      if (yield* sweeps.oneByOne('tokens', windowed)) changed = true;
    }
    for (const move of SPACE_MOVES) {
      if (yield* sweeps.sweep('space', () => spaces(program, move))) changed = true;
    }
    if (!changed) break;
  }
  const moves: Span[][] = [
    ...(grammar ? [] : lines(program)),
    ...tiers.flatMap((level) => deletions(level, program)),
    ...hoists(root, program),
    ...windows.flatMap((size) => windowsOf(tokens(root, program), size)),
    ...SPACE_MOVES.flatMap((move) => spaces(program, move)),
  ];
  return { reduced: program.text(), deletionOnly: true, neighbours: sweeps.neighbours(moves) };
}
