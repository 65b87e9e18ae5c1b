import type { Json, Shape } from '../../../core/input/kinds.js';
import { sizeOf } from '../../../core/input/value.js';
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
 * `ddmin` as `src/core/reduce/ddmin.ts` has it, types left out. Two simplifications, steps
 * unchanged: the helper `trial(current, op, i, parts)` is written out where it is called (the
 * block, then the edit), and `if ((yield kept).chased)` takes two lines, so that a trial waiting
 * for its verdict has a line of its own.
 */
export const DDMIN: readonly string[] = [
  'function* ddmin(start) {',
  '  let current = start.slice();',
  '  let n = 2;',
  '  let offset = 0;',
  '  outer: while (current.length >= 2) {',
  '    const length = current.length;',
  '    const parts = Math.min(n, length);',
  '    for (let i = 0; i < parts; i++) {',
  '      const [lo, hi] = block(i, parts, length);',
  "      const kept = editUnits(current, { op: 'keep', lo, hi });",
  '      const judged = yield kept;',
  '      if (judged.chased) {',
  '        current = kept;',
  '        n = 2;',
  '        offset = 0;',
  '        continue outer;',
  '      }',
  '    }',
  '    for (let j = 0; j < parts; j++) {',
  '      const i = (j + offset) % parts;',
  '      const [lo, hi] = block(i, parts, length);',
  "      const removed = editUnits(current, { op: 'delete', lo, hi });",
  '      const judged = yield removed;',
  '      if (judged.chased) {',
  '        current = removed;',
  '        n = Math.max(parts - 1, 2);',
  '        offset = i;',
  '        continue outer;',
  '      }',
  '    }',
  '    if (parts >= length) break;',
  '    n = Math.min(length, parts * 2);',
  '    offset = Math.floor((offset * n) / parts);',
  '  }',
  '  return { reduced: current, deletionOnly: true };',
  '}',
];

/** {@link DDMIN} as the pane shows it. */
export const DDMIN_LISTING: Listing = {
  name: 'ddmin',
  language: 'ts',
  file: 'src/core/reduce/ddmin.ts',
  lines: DDMIN,
};

const SUBSETS = lineOf(DDMIN, 'for (let i = 0; i < parts; i++) {');
const COMPLEMENTS = lineOf(DDMIN, 'for (let j = 0; j < parts; j++) {');

/** The lines a trial of each kind stops at: before its verdict, accepted, rejected. */
const LINE = {
  keep: {
    test: lineOf(DDMIN, 'const judged = yield kept;', SUBSETS),
    accept: lineOf(DDMIN, 'current = kept;', SUBSETS),
    reject: lineOf(DDMIN, 'if (judged.chased) {', SUBSETS),
  },
  delete: {
    test: lineOf(DDMIN, 'const judged = yield removed;', COMPLEMENTS),
    accept: lineOf(DDMIN, 'current = removed;', COMPLEMENTS),
    reject: lineOf(DDMIN, 'if (judged.chased) {', COMPLEMENTS),
  },
  start: lineOf(DDMIN, 'let current = start.slice();'),
  end: lineOf(DDMIN, 'return { reduced: current, deletionOnly: true };'),
} as const;

/**
 * Where a frame of a `ddmin` run is in {@link DDMIN}. A trial that kept a block (reduce to
 * subset) stops in the first `for`, one that removed a block (reduce to complement) in the
 * second: at the `yield` while veiled, else at `current = …` when it was accepted and at
 * `if (judged.chased)` when not. `parts` is the recorded granularity and `i` the block its
 * `lo` starts; `n` equals `parts` except when it outgrew the input, and `j`, `offset` are not
 * recorded: none of the three is shown.
 */
export function ddminStep(frame: Frame | undefined, shape: Shape, veiled = false): AlgorithmStep {
  const listing = DDMIN_LISTING;
  if (!frame || frame.type === 'found') return NO_STEP;
  const size = (value: Json): [string, string][] => [
    ['current.length', String(sizeOf(value ?? [], shape))],
  ];
  const edge = edgeStep(frame, listing, LINE, size, size);
  if (edge || frame.type !== 'trial') return edge ?? NO_STEP;
  const { row } = frame;
  const op = row.kept ? 'keep' : 'delete';
  const lines = LINE[op];
  const length = sizeOf(row.before, shape);
  const { i, parts, vars } = blockVars(frame, veiled, length, row.kept ?? row.removed ?? [0, 0]);
  return {
    listing,
    line: veiled ? lines.test : row.accepted ? lines.accept : lines.reject,
    vars: [['length', String(length)], ...vars],
    note: {
      key: op === 'keep' ? 'algorithm.note.keep' : 'algorithm.note.complement',
      values: { block: i, parts },
    },
  };
}
