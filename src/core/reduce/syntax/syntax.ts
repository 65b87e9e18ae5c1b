import type { Span } from '../../input/edit.js';
import type { Json } from '../../input/kinds.js';
import { type SyntaxNode, type SyntaxTree, syntaxNodes } from '../../input/syntax.js';
import { block } from '../blocks.js';
import type { Judged, Reduced, SyntaxMove, Trial } from '../types.js';
import { lexTree } from './lex.js';
import { deletions, hoists, levels, lines, linkParents, spaces, tokens } from './moves.js';
import { Program } from './reduced-program.js';

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
  let tried = new Set<string>();

  /**
   * One trial: the program without `ranges`; accepted when the failure is chased. `later` names
   * the moves tried after it while none is accepted (its trials are the trial's `ahead`), and
   * `afterChase` those tried after it if it is accepted, as far as they can be told before
   * (the units left, less its own: the trial's `ahead` when chased).
   */
  function* attempt(
    move: SyntaxMove,
    ranges: readonly Span[],
    granularity: number | undefined,
    later: () => Iterable<readonly Span[]>,
    afterChase: () => Iterable<readonly Span[]>,
  ): Generator<Trial<Json>, boolean, Judged> {
    const made = program.cut(ranges);
    if (!made || tried.has(made.input)) return false;
    tried.add(made.input);
    const judged = yield {
      input: made.input,
      edit: { op: 'cut', spans: made.spans },
      move,
      ...(granularity !== undefined ? { granularity } : {}),
      ahead: (count: number, chased?: boolean) =>
        chased ? upcoming(afterChase(), count, ranges) : upcoming(later(), count),
    };
    if (!judged.chased) return false;
    program.accept(ranges);
    tried = new Set();
    return true;
  }

  /** The article's block deletion over the units `units()` names now. */
  function* sweep(
    move: SyntaxMove,
    units: () => Span[][],
  ): Generator<Trial<Json>, boolean, Judged> {
    let changed = false;
    // The first round halves; later ones, where little is left to go, try each unit alone first
    // (n trials, where halving down to single units would take about 2n).
    let granularity = round === 1 ? 2 : Number.POSITIVE_INFINITY;
    for (;;) {
      const now = units();
      const length = now.length;
      if (length === 0) return changed;
      const parts = Math.min(granularity, length);
      let accepted = false;
      for (let i = 0; i < parts && !accepted; i++) {
        const [lo, hi] = block(i, parts, length);
        accepted = yield* attempt(
          move,
          now.slice(lo, hi).flat(),
          parts,
          () => blocksAfter(now, parts, i),
          () => {
            // Accepted: the next sweep of what is left, one block fewer (see below).
            const rest = [...now.slice(0, lo), ...now.slice(hi)];
            const next = Math.min(Math.max(2, parts - 1), rest.length);
            return rest.length === 0 ? [] : blocksAfter(rest, next, -1);
          },
        );
      }
      if (accepted) {
        changed = true;
        granularity = Math.max(2, parts - 1);
        continue;
      }
      if (parts === length) return changed;
      granularity = Math.min(length, parts * 2);
    }
  }

  /** Each unit `units()` names, one at a time, from the first on (a success stays in place). */
  function* oneByOne(
    move: SyntaxMove,
    units: () => Span[][],
  ): Generator<Trial<Json>, boolean, Judged> {
    let changed = false;
    for (let i = 0; ; ) {
      const now = units();
      if (i >= now.length) return changed;
      const next = () => now.slice(i + 1);
      if (yield* attempt(move, now[i] as Span[], undefined, next, next)) changed = true;
      else i++;
    }
  }

  /**
   * The trials `attempt` makes of `moves` while none is accepted, in order: at most `count`. With
   * `accepted`, as if those ranges had been accepted first (nothing then was tried since).
   */
  function upcoming(
    moves: Iterable<readonly Span[]>,
    count: number,
    accepted?: readonly Span[],
  ): Json[] {
    const out: string[] = [];
    const seen = new Set<string>();
    const before = accepted ? program.cut(accepted)?.input : undefined;
    for (const ranges of moves) {
      if (out.length >= count) break;
      const made = program.cut(accepted ? [...accepted, ...ranges] : ranges);
      if (!made || made.input === before || seen.has(made.input)) continue;
      if (!accepted && tried.has(made.input)) continue;
      seen.add(made.input);
      out.push(made.input);
    }
    return out;
  }

  const tiers = levels(root);
  let round = 0;
  for (;;) {
    round++;
    let changed = false;
    if (!grammar && (yield* sweep('lines', () => lines(program)))) changed = true;
    for (const level of tiers) {
      if (yield* sweep('subtrees', () => deletions(level, program))) changed = true;
    }
    if (yield* oneByOne('hoist', () => hoists(root, program))) changed = true;
    for (const size of windows) {
      if (yield* oneByOne('tokens', () => windowsOf(tokens(root, program), size))) changed = true;
    }
    for (const move of SPACE_MOVES) {
      if (yield* sweep('space', () => spaces(program, move))) changed = true;
    }
    if (!changed) break;
  }
  return { reduced: program.text(), deletionOnly: true, neighbours: neighbours() };

  /** Every trial one move away from the result, each once. */
  function neighbours(): Json[] {
    const moves: Span[][] = [
      ...(grammar ? [] : lines(program)),
      ...tiers.flatMap((level) => deletions(level, program)),
      ...hoists(root, program),
      ...windows.flatMap((size) => windowsOf(tokens(root, program), size)),
      ...SPACE_MOVES.flatMap((move) => spaces(program, move)),
    ];
    const seen = new Set<string>();
    for (const ranges of moves) {
      const made = program.cut(ranges);
      if (made) seen.add(made.input);
    }
    return [...seen];
  }
}

/**
 * The blocks a sweep over `units` tries after block `i` of `parts` while none is accepted: the
 * rest of its round, then the rounds of twice as many blocks, up to single units.
 */
function* blocksAfter(units: readonly Span[][], parts: number, i: number): Generator<Span[]> {
  const length = units.length;
  for (let n = parts, from = i + 1; ; from = 0) {
    for (let k = from; k < n; k++) {
      const [lo, hi] = block(k, n, length);
      yield units.slice(lo, hi).flat();
    }
    if (n === length) return;
    n = Math.min(length, n * 2);
  }
}

/** Windows of `size` consecutive tokens, each as the one span from its first to its last. */
function windowsOf(leaves: readonly SyntaxNode[], size: number): Span[][] {
  const out: Span[][] = [];
  for (let i = 0; i + size <= leaves.length; i++) {
    out.push([[(leaves[i] as SyntaxNode).start, (leaves[i + size - 1] as SyntaxNode).end]]);
  }
  return out;
}
