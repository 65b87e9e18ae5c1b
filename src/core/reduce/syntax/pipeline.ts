import type { Span } from '../../input/edit.js';
import type { Json } from '../../input/kinds.js';
import { type SyntaxNode, type SyntaxTree, syntaxNodes } from '../../input/syntax.js';
import type { Judged, PipelineStage, Reduced, SyntaxMove, Trial } from '../types.js';
import { lexTree } from './lex.js';
import { deletions, hoists, levels, lines, linkParents, tokens } from './moves.js';
import { Program } from './reduced-program.js';
import { renamed, renames } from './rename.js';
import { type MoveSteps, Sweeps, windowsOf } from './sweeps.js';

/** The token windows of the syntax stage (a grammar's tokens) and of the tokens stage. */
const GRAMMAR_WINDOWS = [2, 1];
const TOKEN_WINDOWS = [8, 4, 2, 1];

/** One stage: its name, its passes over the program, and the single moves it makes now. */
interface Stage {
  name: PipelineStage;
  /** One pass of each of the stage's moves; whether any was accepted. */
  pass(sweeps: Sweeps): MoveSteps;
  /** Every single move of the stage on the program as it is now (for the 1-minimality check). */
  moves(): Span[][];
}

/**
 * Reduces a text as C-Vise and C-Reduce run their passes: stage after stage, again and again
 * until a whole round of them changes nothing.
 *
 * 1. `syntax`, with a grammar's tree (`tree`) of a start it reads without errors: the syntax
 *    reducer's moves: subtrees level by level, hoisting, windows of 2 and 1 tokens;
 * 2. `lines`: blocks of lines, halved as the article does;
 * 3. `tokens`: the text as read without a grammar: balanced brackets (a pair with what it holds,
 *    or dropped around it), words, strings, marks, then windows of 8, 4, 2 and 1 of them;
 * 4. `chars`: each character alone, from the first on: what no token move can cut (inside a
 *    word, a string or an indentation); what the stages before left is short by then, and a
 *    cut character does not send the pass back to the start;
 * 5. `rename`: each name given the shortest name the text does not use, everywhere at once (as
 *    C-Reduce renames), the most characters saved first. A rename is not a deletion: the next
 *    round reads the renamed text anew, without the grammar's tree (it was the start's).
 *
 * Every move but a rename deletes; a trial names its stage and its move. The last round tried
 * every move of every stage and none was accepted: the result is 1-minimal by characters (and by
 * each stage's moves), and those trials are returned as its `neighbours`.
 */
export function* pipeline(
  text: string,
  tree?: SyntaxTree,
): Generator<Trial<Json>, Reduced<Json>, Judged> {
  let program = new Program(text);
  let sweeps = new Sweeps(program);
  let stages = stagesOf(program, tree);
  let deletionOnly = true;
  for (; ; sweeps.round++) {
    let changed = false;
    for (const stage of stages) {
      sweeps.stage = stage.name;
      if (yield* stage.pass(sweeps)) changed = true;
    }
    // Renames last: a new text, read anew (the grammar's tree was the start's; it is left behind).
    const now = yield* renamePass(program.text());
    if (now !== program.text()) {
      changed = true;
      deletionOnly = false;
      const round = sweeps.round;
      program = new Program(now);
      sweeps = new Sweeps(program);
      sweeps.round = round;
      stages = stagesOf(program, undefined);
    }
    if (!changed) break;
  }
  const moves = stages.flatMap((stage) => stage.moves());
  return { reduced: program.text(), deletionOnly, neighbours: sweeps.neighbours(moves) };
}

/** The stages over `program`: the grammar's first when it has a tree. */
function stagesOf(program: Program, tree: SyntaxTree | undefined): Stage[] {
  const stages: Stage[] = [];
  // A start the grammar reads with errors (the failure is likely the syntax error itself): its
  // tree's shape around the error is the parser's guess, and its moves keep the program whole
  // where the failure needs it broken; the other stages read it without that guess.
  if (tree && !tree.errors) {
    stages.push(treeStage('syntax', syntaxNodes(tree), GRAMMAR_WINDOWS, program));
  }
  stages.push({
    name: 'lines',
    pass: (on) => on.sweep('lines', () => lines(program)),
    moves: () => lines(program),
  });
  stages.push(treeStage('tokens', lexTree(program.text()), TOKEN_WINDOWS, program));
  stages.push({
    name: 'chars',
    pass: (on) => on.oneByOne('chars', () => chars(program)),
    moves: () => chars(program),
  });
  return stages;
}

/**
 * Each rename of `text` (see {@link renames}), the most characters saved first; after one is
 * accepted, those of the renamed text. Returns the text as the renames left it.
 */
function* renamePass(text: string): Generator<Trial<Json>, string, Judged> {
  let current = text;
  const rejected = new Set<string>();
  for (;;) {
    const offered = renames(current).filter((rename) => !rejected.has(rename.name));
    const [rename] = offered;
    if (!rename) return current;
    const input = renamed(current, rename);
    const judged = yield {
      input,
      edit: { op: 'cut', spans: rename.spans, text: rename.to },
      move: 'rename',
      stage: 'rename',
      ahead: (count: number, chased?: boolean) =>
        chased ? [] : offered.slice(1, count + 1).map((next) => renamed(current, next)),
    };
    if (judged.chased) current = input;
    else rejected.add(rename.name);
  }
}

/**
 * A stage of moves over a tree (a grammar's, or the brackets and tokens of `lexTree`): its
 * subtrees level by level, its hoists, then windows of its tokens of each size in `windows`.
 */
function treeStage(
  name: PipelineStage,
  root: SyntaxNode,
  windows: readonly number[],
  program: Program,
): Stage {
  linkParents(root);
  const tiers = levels(root);
  const windowed = (size: number) => () => windowsOf(tokens(root, program), size);
  return {
    name,
    *pass(on) {
      let changed = false;
      for (const level of tiers) {
        if (yield* on.sweep('subtrees', () => deletions(level, program))) changed = true;
      }
      if (yield* on.oneByOne('hoist', () => hoists(root, program))) changed = true;
      for (const size of windows) {
        if (yield* on.oneByOne('tokens' satisfies SyntaxMove, windowed(size))) changed = true;
      }
      return changed;
    },
    moves: () => [
      ...tiers.flatMap((level) => deletions(level, program)),
      ...hoists(root, program),
      ...windows.flatMap((size) => windowed(size)()),
    ],
  };
}

/** The kept characters of the program, one unit each. */
function chars(program: Program): Span[][] {
  const out: Span[][] = [];
  for (let i = 0; i < program.units.length; i++) if (program.kept(i)) out.push([[i, i + 1]]);
  return out;
}
