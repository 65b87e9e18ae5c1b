import type { Shape } from '../../../core/input/kinds.js';
import { sizeOf } from '../../../core/input/value.js';
import type { Frame } from '../../../core/run/timeline.js';
import {
  type AlgorithmStep,
  blockVars,
  type Listing,
  lineOf,
  NO_STEP,
  type TrialFrame,
} from './listing.js';

/**
 * `deleteBlocks`, the block-deletion loop `chunks-resume` runs (with `resume` on) and `values`
 * runs before and between its value passes (with `resume` off), as `src/core/reduce/chunks.ts`
 * has it, types left out.
 */
export const DELETE_BLOCKS: readonly string[] = [
  'function* deleteBlocks(start, resume) {',
  '  let current = start.slice();',
  '  let granularity = 2;',
  '  let offset = 0;',
  '  while (current.length >= 2) {',
  '    const length = current.length;',
  '    const parts = Math.min(granularity, length);',
  '    let accepted = -1;',
  '    for (let k = 0; k < parts; k++) {',
  '      const i = (offset + k) % parts;',
  '      const [lo, hi] = block(i, parts, length);',
  "      const edit = { op: 'delete', lo, hi };",
  '      const input = editUnits(current, edit);',
  '      const judged = yield { input, edit, granularity: parts };',
  '      if (judged.chased) {',
  '        current = input;',
  '        accepted = i;',
  '        break;',
  '      }',
  '    }',
  '    if (accepted >= 0) {',
  '      granularity = Math.max(2, parts - 1);',
  '      offset = resume ? accepted : 0;',
  '      continue;',
  '    }',
  '    if (parts === length) break;',
  '    granularity = Math.min(length, parts * 2);',
  '    offset = 0;',
  '  }',
  '  return current;',
  '}',
];

/** `chunksResume`: the article's loop that keeps its place after a success. */
export const CHUNKS_RESUME_LISTING: Listing = {
  name: 'chunksResume',
  language: 'ts',
  file: 'src/core/reduce/chunks.ts',
  lines: [
    'function* chunksResume(start) {',
    '  return { reduced: yield* deleteBlocks(start, true), deletionOnly: true };',
    '}',
    '',
    ...DELETE_BLOCKS,
  ],
};

/** `deleteBlocks` alone, as the deletion pass of `values`. */
export const DELETE_BLOCKS_LISTING: Listing = {
  name: 'deleteBlocks',
  language: 'ts',
  file: 'src/core/reduce/chunks.ts',
  lines: DELETE_BLOCKS,
};

/**
 * Where a deletion trial of `deleteBlocks` stops in `listing` (which holds {@link DELETE_BLOCKS}):
 * at the `yield` while veiled, else at `current = input` when the trial was accepted and at
 * `if (judged.chased)` when not. `i` is the block the recorded `removed` starts at; `offset` and
 * `k` are not recorded, and not shown.
 */
export function deletionStep(
  frame: TrialFrame,
  shape: Shape,
  veiled: boolean,
  listing: Listing,
  resume: boolean,
): AlgorithmStep {
  const { row } = frame;
  const start = lineOf(listing.lines, 'function* deleteBlocks(start, resume) {');
  const line = veiled
    ? lineOf(listing.lines, 'const judged = yield { input, edit, granularity: parts };', start)
    : row.accepted
      ? lineOf(listing.lines, 'current = input;', start)
      : lineOf(listing.lines, 'if (judged.chased) {', start);
  const length = sizeOf(row.before, shape);
  const { i, parts, vars } = blockVars(frame, veiled, length, row.removed ?? [0, 0]);
  return {
    listing,
    line,
    vars: [['resume', String(resume)], ['length', String(length)], ...vars],
    note: { key: 'algorithm.note.delete', values: { block: i, parts } },
  };
}

/** Where a frame of a `chunks-resume` run is in {@link CHUNKS_RESUME_LISTING}. */
export function chunksResumeStep(
  frame: Frame | undefined,
  shape: Shape,
  veiled = false,
): AlgorithmStep {
  const listing = CHUNKS_RESUME_LISTING;
  if (!frame || frame.type === 'found') return NO_STEP;
  if (frame.type === 'confirmed') {
    return {
      listing,
      line: lineOf(listing.lines, 'let current = start.slice();'),
      vars: [
        ['current.length', String(sizeOf(frame.input, shape))],
        ['calls', '1'],
      ],
    };
  }
  if (frame.type === 'end') {
    return {
      listing,
      line: lineOf(
        listing.lines,
        'return { reduced: yield* deleteBlocks(start, true), deletionOnly: true };',
      ),
      vars: [
        ['current.length', String(sizeOf(frame.end.reduced ?? [], shape))],
        ['calls', String(frame.end.calls)],
      ],
    };
  }
  return deletionStep(frame, shape, veiled, listing, true);
}
