import { chunks, chunksResume } from './chunks.js';
import { ddmin } from './ddmin.js';
import type { Reducer, ReducerName } from './types.js';
import { values } from './values.js';

/** Every reducer by name, with a one-line description for menus and `--help`. */
export const REDUCERS: Readonly<Record<ReducerName, { reducer: Reducer; summary: string }>> = {
  chunks: { reducer: chunks, summary: "the article's block-deletion reducer" },
  'chunks-resume': {
    reducer: chunksResume,
    summary: 'block deletion that keeps its place after a success',
  },
  ddmin: { reducer: ddmin, summary: "Zeller's ddmin: subsets, then complements" },
  values: { reducer: values, summary: 'block deletion, then integers shrunk toward 0' },
};

/** Reducer names in menu order. */
export const REDUCER_NAMES = Object.keys(REDUCERS) as ReducerName[];

/** Whether `name` names a reducer. */
export function isReducerName(name: string): name is ReducerName {
  return Object.hasOwn(REDUCERS, name);
}
