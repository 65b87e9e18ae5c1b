import type { Shape } from '../../../core/input/kinds.js';
import { sizeOf } from '../../../core/input/value.js';
import type { Frame } from '../../../core/run/timeline.js';
import { endInput } from '../../../core/session/events.js';
import {
  type AlgorithmStep,
  blockVars,
  callsAt,
  judgedVars,
  type Listing,
  lineOf,
  NO_STEP,
} from './listing.js';

/**
 * `bisect` as `src/core/reduce/bisect.ts` has it, types, doc comments and the small helpers
 * (`accept`, `informative`, `mostlyInvalid`) left out, and the trial counting of `ask` (which only
 * tells the subset tests when to run) written as a plain `yield`.
 */
export const BISECT: readonly string[] = [
  'function* bisect(start) {',
  '  let current = start.slice();',
  '  let needed = current.map(() => false);',
  '  let size = Math.max(1, Math.ceil(current.length / 2));',
  '  while (current.length > 0) {',
  '    if (size >= KEEP_MIN && mostlyInvalid()) {',
  '      const kept = yield* keepBlocks(current, Math.ceil(current.length / size));',
  '      if (kept) {',
  '        accept(kept.edit, kept.input);',
  '        size = Math.max(1, Math.ceil(current.length / 2));',
  '        continue;',
  '      }',
  '    }',
  '    const parts = Math.ceil(current.length / size);',
  '    const skip = (at) => size > 1 && needed[at];',
  '    let changed = false;',
  '    let lo = 0;',
  '    while (lo < current.length) {',
  '      if (skip(lo)) { lo++; continue; }',
  '      let hi = lo + 1;',
  '      while (hi < current.length && hi - lo < size && !skip(hi)) hi++;',
  "      const edit = { op: 'delete', lo, hi };",
  '      const input = editUnits(current, edit);',
  '      const whole = hi - lo === current.length && hi - lo > 1;',
  '      const judged = whole ? PASSED : yield { input, edit, granularity: parts };',
  '      if (judged.chased) {',
  '        accept(edit, input);',
  '        changed = true;',
  '      } else if (!informative(judged)) {',
  '        lo = hi;',
  '      } else if (hi - lo === 1) {',
  '        needed[lo] = true;',
  '        lo = hi;',
  '      } else {',
  '        const found = yield* bisectBlock(current, lo, hi);',
  '        for (const removed of found.removed) accept(removed.edit, removed.input);',
  '        if (found.removed.length > 0) changed = true;',
  '        if (found.needed) needed[found.lo] = true;',
  '        lo = found.next;',
  '      }',
  '    }',
  '    if (size === 1 && !changed) break;',
  '    size = Math.max(1, Math.floor(size / 2));',
  '  }',
  '  return { reduced: current, deletionOnly: true };',
  '}',
  '',
  'function* keepBlocks(current, parts) {',
  '  if (parts < 2) return null;',
  '  for (let i = 0; i < parts; i++) {',
  '    const [lo, hi] = block(i, parts, current.length);',
  "    const edit = { op: 'keep', lo, hi };",
  '    const input = editUnits(current, edit);',
  '    const judged = yield { input, edit, granularity: parts };',
  '    if (judged.chased) {',
  '      return { edit, input };',
  '    }',
  '  }',
  '  return null;',
  '}',
  '',
  'function* bisectBlock(start, lo, hi) {',
  '  let current = start;',
  '  let end = hi;',
  '  const removed = [];',
  '  while (end - lo > 1) {',
  '    const mid = lo + Math.floor((end - lo) / 2);',
  "    const edit = { op: 'delete', lo, hi: mid };",
  '    const input = editUnits(current, edit);',
  '    const judged = yield { input, edit };',
  '    if (judged.chased) {',
  '      removed.push({ edit, input });',
  '      current = input;',
  '      end -= mid - lo;',
  '    } else if (!informative(judged)) {',
  '      return { removed, needed: false, lo, next: end };',
  '    } else {',
  '      end = mid;',
  '    }',
  '  }',
  '  return { removed, needed: true, lo, next: lo + 1 };',
  '}',
];

/** {@link BISECT} as the pane shows it. */
export const BISECT_LISTING: Listing = {
  name: 'bisect',
  language: 'ts',
  file: 'src/core/reduce/bisect.ts',
  lines: BISECT,
};

const SWEEP = lineOf(BISECT, 'while (lo < current.length) {');
const KEEP = lineOf(BISECT, 'function* keepBlocks(current, parts) {');
const HALVES = lineOf(BISECT, 'function* bisectBlock(start, lo, hi) {');

/** The lines a trial of each kind stops at: before its verdict, accepted, rejected. */
const LINE = {
  sweep: {
    test: lineOf(
      BISECT,
      'const judged = whole ? PASSED : yield { input, edit, granularity: parts };',
      SWEEP,
    ),
    accept: lineOf(BISECT, 'accept(edit, input);', SWEEP),
    reject: lineOf(BISECT, 'if (judged.chased) {', SWEEP),
  },
  keep: {
    test: lineOf(BISECT, 'const judged = yield { input, edit, granularity: parts };', KEEP),
    accept: lineOf(BISECT, 'return { edit, input };', KEEP),
    reject: lineOf(BISECT, 'if (judged.chased) {', KEEP),
  },
  halves: {
    test: lineOf(BISECT, 'const judged = yield { input, edit };', HALVES),
    accept: lineOf(BISECT, 'removed.push({ edit, input });', HALVES),
    reject: lineOf(BISECT, 'if (judged.chased) {', HALVES),
  },
  start: lineOf(BISECT, 'let current = start.slice();'),
  end: lineOf(BISECT, 'return { reduced: current, deletionOnly: true };'),
} as const;

/**
 * Where a frame of a `bisect` run is in {@link BISECT}. The recorded row tells the three kinds of
 * trial apart: a kept block is a subset test (`keepBlocks`), a deletion with a granularity is a
 * block of the sweep, and one without is a half in `bisectBlock`. Each stops at its `yield` while
 * veiled, else at the line that takes it when accepted and at `if (judged.chased)` when not.
 * `size`, `needed` and `changed` are not recorded, and not shown.
 */
export function bisectStep(frame: Frame | undefined, shape: Shape, veiled = false): AlgorithmStep {
  const listing = BISECT_LISTING;
  if (!frame || frame.type === 'found') return NO_STEP;
  if (frame.type === 'confirmed' || frame.type === 'end') {
    const input = frame.type === 'end' ? (endInput(frame.end) ?? []) : frame.input;
    return {
      listing,
      line: frame.type === 'end' ? LINE.end : LINE.start,
      vars: [
        ['current.length', String(sizeOf(input, shape))],
        ['calls', frame.type === 'end' ? String(frame.end.calls) : '1'],
      ],
    };
  }
  const { row } = frame;
  const kind = row.kept ? 'keep' : row.granularity !== undefined ? 'sweep' : 'halves';
  const lines = LINE[kind];
  const line = veiled ? lines.test : row.accepted ? lines.accept : lines.reject;
  const length = sizeOf(row.before, shape);
  const [lo, hi] = row.kept ?? row.removed ?? [0, 0];
  if (kind === 'keep') {
    const { i, parts, vars } = blockVars(frame, veiled, length, [lo, hi]);
    return {
      listing,
      line,
      vars: [['current.length', String(length)], ...vars],
      note: { key: 'algorithm.note.keep', values: { block: i, parts } },
    };
  }
  const vars: [string, string][] = [
    ['current.length', String(length)],
    ...(kind === 'sweep' ? [['parts', String(row.granularity)] as [string, string]] : []),
    ['lo', String(lo)],
    [kind === 'sweep' ? 'hi' : 'mid', String(hi)],
    ['calls', callsAt(frame, veiled)],
    ...judgedVars(frame, veiled),
  ];
  return {
    listing,
    line,
    vars,
    note:
      kind === 'sweep'
        ? { key: 'algorithm.note.sweep', values: { count: hi - lo, lo } }
        : { key: 'algorithm.note.bisect', values: { count: hi - lo, lo } },
  };
}
