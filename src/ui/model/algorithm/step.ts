import type { Shape } from '../../../core/input/kinds.js';
import type { ReducerName } from '../../../core/reduce/types.js';
import type { Frame } from '../../../core/run/timeline.js';
import { isIsolationFrame } from '../narrate-isolation.js';
import { bisectStep } from './bisect.js';
import { chunksStep } from './chunks.js';
import { ddStep } from './dd.js';
import { ddminStep } from './ddmin.js';
import { chunksResumeStep } from './delete-blocks.js';
import { hddStep } from './hdd.js';
import type { AlgorithmStep } from './listing.js';
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
  }
}
