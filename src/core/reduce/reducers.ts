import { type InputKindSpec, KINDS } from '../input/kinds/registry.js';
import { INPUT_KINDS, type InputKind, type Json, type Shape } from '../input/kinds.js';
import type { SyntaxTree } from '../input/syntax.js';
import { fromUnits, toUnits } from '../input/units.js';
import { bisect } from './bisect.js';
import { byArgument } from './by-argument.js';
import { chunks, chunksResume } from './chunks.js';
import { ddmin } from './ddmin.js';
import { hdd } from './hdd.js';
import { pipeline } from './syntax/pipeline.js';
import { syntax } from './syntax/syntax.js';
import type {
  Judged,
  Reduced,
  Reducer,
  ReducerName,
  SyntaxReducer,
  TreeReducer,
  Trial,
} from './types.js';
import { values } from './values.js';

/** A reducer, what it is in one line, and the kinds of input it reduces. */
export type ReducerEntry =
  | { tree: false; reducer: Reducer; summary: string; kinds: readonly InputKind[] }
  | { tree: true; reducer: TreeReducer; summary: string; kinds: readonly InputKind[] }
  | { tree: 'syntax'; reducer: SyntaxReducer; summary: string; kinds: readonly InputKind[] };

const kindsWhere = (test: (kind: InputKindSpec) => boolean): readonly InputKind[] =>
  INPUT_KINDS.filter((kind) => test(KINDS[kind]));

/** Rows of units (every kind but a tree). */
const FLAT = kindsWhere((kind) => !kind.tree);

/** Every reducer by name, with a one-line description for menus and `--help`. */
export const REDUCERS: Readonly<Record<ReducerName, ReducerEntry>> = {
  chunks: {
    tree: false,
    reducer: chunks,
    summary: "the article's block-deletion reducer",
    kinds: FLAT,
  },
  'chunks-resume': {
    tree: false,
    reducer: chunksResume,
    summary: 'block deletion that keeps its place after a success',
    kinds: FLAT,
  },
  ddmin: {
    tree: false,
    reducer: ddmin,
    summary: "Zeller's ddmin: subsets, then complements",
    kinds: FLAT,
  },
  bisect: {
    tree: false,
    reducer: bisect,
    summary: 'block deletion that bisects a block it cannot delete (the default for flat inputs)',
    kinds: FLAT,
  },
  values: {
    tree: false,
    reducer: values,
    summary: 'block deletion, then integers shrunk toward 0 and characters toward "a"',
    kinds: kindsWhere((kind) => !kind.tree && !kind.call),
  },
  hdd: {
    tree: true,
    reducer: hdd,
    summary: 'hierarchical delta debugging: subtrees of a JSON value, level by level',
    kinds: kindsWhere((kind) => kind.tree),
  },
  syntax: {
    tree: 'syntax',
    reducer: syntax,
    summary:
      'a program by its syntax tree: subtrees, hoisting, list elements, tokens (--split syntax)',
    kinds: kindsWhere((kind) => kind.text),
  },
  pipeline: {
    tree: 'syntax',
    reducer: pipeline,
    summary:
      'a program or a file stage by stage: its syntax, lines, brackets and tokens, characters, until a round changes nothing',
    kinds: kindsWhere((kind) => kind.text),
  },
};

/** Reducer names in menu order. */
export const REDUCER_NAMES = Object.keys(REDUCERS) as ReducerName[];

/** Whether `name` names a reducer. */
export function isReducerName(name: string): name is ReducerName {
  return Object.hasOwn(REDUCERS, name);
}

/**
 * The reducer a run uses when none is named and no lesson chose one: `bisect` for flat inputs
 * (issue 42: under half of DD.py's distinct executions on the mixed suite, results no larger),
 * `hdd` for trees. Lessons keep their own (the article's stays `chunks`).
 */
export function defaultReducer(kind: InputKind): ReducerName {
  return KINDS[kind].tree ? 'hdd' : 'bisect';
}

/** Whether reducer `name` works on a text's code points with its syntax tree (`split: 'syntax'`). */
export function readsSyntax(name: ReducerName): boolean {
  return REDUCERS[name].tree === 'syntax';
}

/**
 * The reducers that reduce inputs of `kind` cut into units by a split of `SPLITS` (all but
 * `syntax` and `pipeline`, which go with `--split syntax` only).
 */
export function reducersFor(kind: InputKind): ReducerName[] {
  return REDUCER_NAMES.filter(
    (name) => REDUCERS[name].kinds.includes(kind) && REDUCERS[name].tree !== 'syntax',
  );
}

/**
 * Runs reducer `name` on an input of `shape`, trial by trial, as the driver sees it: a flat
 * reducer works on the input's units and each of its trials is handed on as the input its units
 * make (for an array of integers, the same array); a tree reducer works on the tree; the syntax
 * reducer works on a program's text with its syntax tree, when a grammar gave one.
 */
export function reduceInput(
  name: ReducerName,
  start: Json,
  shape: Shape,
  tree?: SyntaxTree,
): Generator<Trial<Json>, Reduced<Json>, Judged> {
  const entry = REDUCERS[name];
  if (entry.tree === 'syntax') {
    if (typeof start !== 'string') throw new TypeError('the syntax reducer reduces text');
    return entry.reducer(start, tree);
  }
  if (entry.tree) return entry.reducer(start);
  // A call's arguments are reduced one at a time, never one into another.
  return onUnits(KINDS[shape.kind].call ? byArgument(entry.reducer) : entry.reducer, start, shape);
}

function* onUnits(
  reducer: Reducer,
  start: Json,
  shape: Shape,
): Generator<Trial<Json>, Reduced<Json>, Judged> {
  const steps = reducer(toUnits(start, shape));
  let step = steps.next();
  while (!step.done) {
    const { ahead } = step.value;
    const judged = yield {
      ...step.value,
      input: fromUnits(step.value.input, shape),
      ...(ahead
        ? {
            ahead: (count: number, chased?: boolean) =>
              ahead(count, chased).map((u) => fromUnits(u, shape)),
          }
        : {}),
    };
    step = steps.next(judged);
  }
  return { reduced: fromUnits(step.value.reduced, shape), deletionOnly: step.value.deletionOnly };
}
