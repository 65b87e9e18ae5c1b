import type { Edit, Span } from '../input/edit.js';
import type { Json } from '../input/kinds.js';
import type { SyntaxTree } from '../input/syntax.js';
import type { MarkedUnits } from '../isolate/marks.js';
import type { Move } from '../isolate/move.js';
import type { LookAhead } from '../oracle/oracle.js';
import type { Outcome } from '../oracle/verdict.js';

export type { Edit } from '../input/edit.js';

/**
 * One trial a reducer proposes: the input to judge and how it was derived. A flat reducer
 * works on units (`input` is the units of the trial); the driver hands the oracle the input they
 * make. A tree reducer works on the tree itself.
 */
export interface Trial<T = Json[]> {
  input: T;
  edit: Edit;
  /** The number of blocks the current input was split into, when the move is a block move. */
  granularity?: number;
  /**
   * The inputs the reducer would ask for after this trial, in its order (the larger removals of
   * a round first), as long as neither this trial nor any of them is chased; at most `count`.
   * With `chased`, those it would ask for if this trial is chased (and none of them), where the
   * reducer can say. What a driver with several jobs may judge ahead: a hint only, so a wrong one
   * costs a run, never a different reduction (the reducer still asks for each trial and gets its
   * own verdict). Call it before the reducer is resumed: it reads the reducer's state as it is at
   * this trial.
   */
  ahead?: LookAhead<T>;
  /** Which of the syntax reducer's moves made the trial (see {@link SyntaxMove}). */
  move?: SyntaxMove;
  /** The pipeline's stage the trial belongs to (see {@link PipelineStage}). */
  stage?: PipelineStage;
}

/**
 * The syntax reducer's moves: `lines` (blocks of lines, text without a grammar), `subtrees`
 * (nodes of a level with their separators), `hoist` (a node replaced by a descendant: everything
 * of it around the descendant cut), `tokens` (a window of tokens), `space` (white space), `chars`
 * (a block of characters: the pipeline's last stage), `rename` (every use of a name given a
 * shorter one).
 */
export type SyntaxMove = 'lines' | 'subtrees' | 'hoist' | 'tokens' | 'space' | 'chars' | 'rename';

/** Every {@link SyntaxMove}. */
export const SYNTAX_MOVES: readonly SyntaxMove[] = [
  'lines',
  'subtrees',
  'hoist',
  'tokens',
  'space',
  'chars',
  'rename',
];

/**
 * The stages of the pipeline, the default reducer of a program or a file: `syntax` (the syntax
 * reducer's moves over the grammar's tree, when the language has a grammar), `lines` (blocks of
 * lines), `tokens` (balanced brackets and windows of tokens, as read without a grammar), `chars`
 * (each character alone), `rename` (names made shorter). They run in this order, again and again
 * until a whole round of them changes nothing.
 */
export type PipelineStage = 'syntax' | 'lines' | 'tokens' | 'chars' | 'rename';

/** Every {@link PipelineStage}, in the order the pipeline runs them. */
export const PIPELINE_STAGES: readonly PipelineStage[] = [
  'syntax',
  'lines',
  'tokens',
  'chars',
  'rename',
];

/** What a reducer is told about its trial. */
export interface Judged {
  outcome: Outcome;
  /** Whether the trial reproduced the chased failure (only then may it be accepted). */
  chased: boolean;
  /** Every outcome of a failure whose re-runs disagreed (never chased). */
  flaky?: Outcome[];
}

/** One row of a reduction's history, in the article's shape plus the edit. */
export interface HistoryRow {
  before: Json;
  /** The removed block (delete moves), as in the article. */
  removed?: [number, number];
  /** The tree level the removed nodes were on (`hdd`). */
  level?: number;
  /** The kept block (keep moves). */
  kept?: [number, number];
  /** The argument of a call a keep move kept the block of (the units around it kept too). */
  keptIn?: [number, number];
  /** The changed unit (set moves). */
  set?: { index: number; from: Json; to: Json };
  /** The spans of units removed at once (syntax moves). */
  cut?: Span[];
  /** What each span of `cut` was replaced by (a rename), when not removed. */
  cutText?: string;
  /** The syntax reducer's move the cut made. */
  move?: SyntaxMove;
  /** The pipeline's stage the trial belonged to. */
  stage?: PipelineStage;
  trial: Json;
  outcome: Outcome;
  accepted: boolean;
  granularity?: number;
  /** The re-runs of this trial disagreed: every outcome seen (the trial was not accepted). */
  flaky?: Outcome[];
  /**
   * An isolation's trial (`before` is then its failing side): the passing side, the move the
   * trial was for and the one it made (`accepted` when it made one), and its block.
   */
  isolation?: IsolationStep;
}

/** What an isolation's history row holds besides the failing side, the trial and its outcome. */
export interface IsolationStep {
  pass: Json;
  move: Move;
  moved: Move | null;
  block: number;
  blockSize: number;
  /** The size of the difference before the trial, in edits. */
  size: number;
  /** The trial drawn: the side it starts from, with what its block brings in or takes out. */
  view: MarkedUnits;
}

/** What a reducer returns when it stops. */
export interface Reduced<T = Json[]> {
  reduced: T;
  /** Whether every step only deleted units (the result is a subsequence of the start). */
  deletionOnly: boolean;
  /**
   * The inputs one move away from the result, by the reducer's own moves, when they are not the
   * result less one unit (the `syntax` reducer's): what its 1-minimality is verified against.
   */
  neighbours?: T[];
}

/**
 * A reducer is a step coroutine: it yields a trial and receives the judgement of that trial.
 * It never calls an oracle itself, so the same reducer runs against live workers, a replay, a
 * synchronous predicate in a test, or one step at a time in the UI. A flat reducer works on the
 * units of its input (elements, characters, lines, words).
 */
export type Reducer = (start: readonly Json[]) => Generator<Trial, Reduced, Judged>;

/** A reducer of trees: it works on a JSON value itself (`hdd`). */
export type TreeReducer = (start: Json) => Generator<Trial<Json>, Reduced<Json>, Judged>;

/** A reducer of programs: it works on a text, with its syntax tree when a grammar gave one. */
export type SyntaxReducer = (
  start: string,
  tree?: SyntaxTree,
) => Generator<Trial<Json>, Reduced<Json>, Judged>;

/** The reducers the product offers. */
export type ReducerName =
  | 'chunks'
  | 'chunks-resume'
  | 'ddmin'
  | 'bisect'
  | 'values'
  | 'hdd'
  | 'syntax'
  | 'pipeline';

/**
 * The history row for a trial of `before` and its judgement. `unitsBefore` is `before` as
 * units (for the value a set move replaced). The row holds the values it is given, not copies:
 * inputs are never changed once made (a long reduction of a long input would otherwise hold
 * every input twice over).
 */
export function historyRow(
  before: Json,
  trial: Trial<Json>,
  judged: Judged,
  unitsBefore?: readonly Json[],
): HistoryRow {
  const row: HistoryRow = {
    before,
    trial: trial.input,
    outcome: judged.outcome,
    accepted: judged.chased,
  };
  const { edit } = trial;
  if (edit.op === 'delete') {
    row.removed = [edit.lo, edit.hi];
    if (edit.level !== undefined) row.level = edit.level;
  } else if (edit.op === 'keep') {
    row.kept = [edit.lo, edit.hi];
    if (edit.from !== undefined) row.keptIn = [edit.from, edit.to ?? edit.from];
  } else if (edit.op === 'cut') {
    row.cut = edit.spans;
    if (edit.text !== undefined) row.cutText = edit.text;
  } else row.set = { index: edit.index, from: unitsBefore?.[edit.index] ?? 0, to: edit.value };
  if (trial.granularity !== undefined) row.granularity = trial.granularity;
  if (trial.move !== undefined) row.move = trial.move;
  if (trial.stage !== undefined) row.stage = trial.stage;
  if (judged.flaky) row.flaky = [...judged.flaky];
  return row;
}
