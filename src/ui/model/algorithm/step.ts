import { KINDS } from '../../../core/input/kinds/registry.js';
import type { Shape } from '../../../core/input/kinds.js';
import type { ReducerName } from '../../../core/reduce/types.js';
import type { Frame } from '../../../core/run/timeline.js';
import { argumentTrial } from '../call-view.js';
import { isIsolationFrame } from '../narrate-isolation.js';
import { bisectStep } from './bisect.js';
import { chunksStep } from './chunks.js';
import { ddStep } from './dd.js';
import { ddminStep } from './ddmin.js';
import { chunksResumeStep } from './delete-blocks.js';
import { hddStep } from './hdd.js';
import type { AlgorithmStep } from './listing.js';
import { pipelineStep } from './pipeline.js';
import { syntaxStep } from './syntax.js';
import { valuesStep } from './values.js';

export { ARTICLE_LISTING, ARTICLE_REDUCER } from './chunks.js';
export type { AlgorithmStep, Listing, StepNote } from './listing.js';

/**
 * Where a frame of a run of `reducer` is in that reducer's own loop: the listing (the article's
 * Python for `chunks`, a TypeScript twin of the source for the others), the line the frame stops
 * at, and the variables there, read from the frame's recorded trial row. A veiled trial ("predict
 * first") stops where the trial is asked for, before its verdict and before its call is counted.
 */
export function algorithmStep(
  reducer: ReducerName,
  frame: Frame | undefined,
  shape: Shape,
  veiled = false,
): AlgorithmStep {
  // An isolation's frames are dd's, whatever the reducer named for simplifying.
  if (isIsolationFrame(frame)) return ddStep(frame, shape, veiled);
  const called = argumentFrame(frame, shape);
  return reducerStep(reducer, called?.frame ?? frame, called?.shape ?? shape, veiled);
}

/**
 * A call's trial as its reducer sees it: the reducer runs on one argument at a time (see
 * `reduce/by-argument.ts`), so its loop's `current` is that argument, and the block is the
 * argument's own. Null for any other frame.
 */
function argumentFrame(
  frame: Frame | undefined,
  shape: Shape,
): { frame: Frame; shape: Shape } | null {
  if (frame?.type !== 'trial' || !KINDS[shape.kind].call) return null;
  const called = argumentTrial(frame.row, shape);
  const cut = called?.argument.shape;
  if (!called || !cut) return null;
  const { argument, lo, hi } = called;
  const trial = Array.isArray(frame.row.trial) ? frame.row.trial[argument.index] : undefined;
  const { keptIn: _keptIn, ...row } = frame.row;
  return {
    frame: {
      ...frame,
      row: {
        ...row,
        before: argument.value,
        trial: trial ?? argument.value,
        ...(row.removed ? { removed: [lo, hi] } : {}),
        ...(row.kept ? { kept: [lo, hi] } : {}),
      },
    },
    shape: cut,
  };
}

function reducerStep(
  reducer: ReducerName,
  frame: Frame | undefined,
  shape: Shape,
  veiled: boolean,
): AlgorithmStep {
  switch (reducer) {
    case 'chunks':
      return chunksStep(frame, shape, veiled);
    case 'chunks-resume':
      return chunksResumeStep(frame, shape, veiled);
    case 'ddmin':
      return ddminStep(frame, shape, veiled);
    case 'bisect':
      return bisectStep(frame, shape, veiled);
    case 'values':
      return valuesStep(frame, shape, veiled);
    case 'hdd':
      return hddStep(frame, veiled);
    case 'syntax':
      return syntaxStep(frame, veiled);
    case 'pipeline':
      return pipelineStep(frame, veiled);
  }
}
