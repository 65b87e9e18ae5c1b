import type { Json } from '../../../core/input/kinds.js';
import { countAt, depthOf } from '../../../core/input/tree.js';
import type { Frame } from '../../../core/run/timeline.js';
import {
  type AlgorithmStep,
  blockVars,
  edgeStep,
  type Listing,
  lineOf,
  NO_STEP,
} from './listing.js';

/**
 * `hdd` and its `sweepLevel` as `src/core/reduce/hdd.ts` has them, types left out.
 */
export const HDD: readonly string[] = [
  'function* hdd(start) {',
  '  let current = start;',
  '  for (;;) {',
  '    const before = current;',
  '    for (let level = 1; level <= depthOf(current); level++) {',
  '      current = yield* sweepLevel(current, level);',
  '    }',
  '    if (current === before) break;',
  '  }',
  '  return { reduced: current, deletionOnly: true };',
  '}',
  '',
  'function* sweepLevel(start, level) {',
  '  let current = start;',
  '  let granularity = 2;',
  '  for (;;) {',
  '    const length = countAt(current, level);',
  '    if (length === 0) return current;',
  '    const parts = Math.min(granularity, length);',
  '    let accepted = false;',
  '    for (let i = 0; i < parts; i++) {',
  '      const [lo, hi] = block(i, parts, length);',
  "      const edit = { op: 'delete', lo, hi, level };",
  '      const input = removeAt(current, level, lo, hi);',
  '      const judged = yield { input, edit, granularity: parts };',
  '      if (judged.chased) {',
  '        current = input;',
  '        accepted = true;',
  '        break;',
  '      }',
  '    }',
  '    if (accepted) {',
  '      granularity = Math.max(2, parts - 1);',
  '      continue;',
  '    }',
  '    if (parts === length) return current;',
  '    granularity = Math.min(length, parts * 2);',
  '  }',
  '}',
];

/** {@link HDD} as the pane shows it. */
export const HDD_LISTING: Listing = {
  name: 'hdd',
  language: 'ts',
  file: 'src/core/reduce/hdd.ts',
  lines: HDD,
};

const LINE = {
  start: lineOf(HDD, 'let current = start;'),
  end: lineOf(HDD, 'return { reduced: current, deletionOnly: true };'),
  test: lineOf(HDD, 'const judged = yield { input, edit, granularity: parts };'),
  accept: lineOf(HDD, 'current = input;'),
  reject: lineOf(HDD, 'if (judged.chased) {'),
} as const;

/**
 * Where a frame of an `hdd` run is in {@link HDD}. A trial stops in `sweepLevel`: at the `yield`
 * while veiled, else at `current = input` when it was accepted and at `if (judged.chased)` when
 * not. `level` is the recorded level, `length` the nodes on it before the trial, `i` the block the
 * recorded `lo` starts.
 */
export function hddStep(frame: Frame | undefined, veiled = false): AlgorithmStep {
  const listing = HDD_LISTING;
  if (!frame || frame.type === 'found') return NO_STEP;
  const depth = (value: Json): [string, string][] => [['depthOf(current)', String(depthOf(value))]];
  const edge = edgeStep(frame, listing, LINE, depth, depth);
  if (edge || frame.type !== 'trial') return edge ?? NO_STEP;
  const { row } = frame;
  const level = row.level ?? 1;
  const length = countAt(row.before, level);
  const { i, parts, vars } = blockVars(frame, veiled, length, row.removed ?? [0, 0]);
  return {
    listing,
    line: veiled ? LINE.test : row.accepted ? LINE.accept : LINE.reject,
    vars: [['level', String(level)], ['length', String(length)], ...vars],
    note: { key: 'algorithm.note.level', values: { level, block: i, parts } },
  };
}
