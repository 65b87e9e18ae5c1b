import type { Shape } from '../../../core/input/kinds.js';
import { sizeOf } from '../../../core/input/value.js';
import { blockAt } from '../../../core/reduce/blocks.js';
import type { Frame } from '../../../core/run/timeline.js';
import { type AlgorithmStep, type Listing, NO_STEP } from './listing.js';

/**
 * The article's reducer, `reduce_failure`, as its Python reads (our `chunks` runs it trial for
 * trial), and where a frame of a `chunks` timeline is in it: the line running and its variables.
 */
export const ARTICLE_REDUCER: readonly string[] = [
  'def reduce_failure(values, test=outcome):',
  '    current = list(values)',
  '    if test(current) != "FAIL":',
  '        raise ValueError("input must reproduce the failure")',
  '    calls = 1',
  '    granularity = 2',
  '    while len(current) >= 2:',
  '        parts = min(granularity, len(current))',
  '        changed = False',
  '        for i in range(parts):',
  '            lo = i * len(current) // parts',
  '            hi = (i + 1) * len(current) // parts',
  '            trial = current[:lo] + current[hi:]',
  '            result = test(trial)',
  '            calls += 1',
  '            if result == "FAIL":',
  '                current = trial',
  '                granularity = max(2, parts - 1)',
  '                changed = True',
  '                break',
  '        if changed:',
  '            continue',
  '        if parts == len(current):',
  '            break',
  '        granularity = min(len(current), parts * 2)',
  '    return current, calls',
];

/** {@link ARTICLE_REDUCER} as the pane shows it. */
export const ARTICLE_LISTING: Listing = {
  name: 'reduce_failure',
  language: 'py',
  file: 'src/core/reduce/chunks.ts',
  lines: ARTICLE_REDUCER,
};

/** Line numbers (1-based) of the statements a frame stops at. */
const LINE = {
  confirm: 3,
  test: 14,
  accept: 17,
  reject: 16,
  end: 26,
} as const;

/**
 * The line a frame of a `chunks` run stops at, with `len(current)`, `parts`, `i`, `lo`, `hi` and
 * `calls` as the Python would hold them there. A veiled trial stops at `result = test(trial)`,
 * before its verdict is known; a shown one at the line its verdict leads to.
 */
export function chunksStep(frame: Frame | undefined, shape: Shape, veiled = false): AlgorithmStep {
  if (!frame || frame.type === 'found') return NO_STEP;
  if (frame.type === 'confirmed') {
    const size = String(sizeOf(frame.input, shape));
    return {
      listing: ARTICLE_LISTING,
      line: LINE.confirm,
      vars: [
        ['len(current)', size],
        ['calls', '1'],
      ],
    };
  }
  if (frame.type === 'end') {
    const size = String(sizeOf(frame.end.reduced ?? [], shape));
    return {
      listing: ARTICLE_LISTING,
      line: LINE.end,
      vars: [
        ['len(current)', size],
        ['calls', String(frame.end.calls)],
      ],
    };
  }
  const { row } = frame;
  const length = sizeOf(row.before, shape);
  const parts = row.granularity ?? 1;
  const [lo, hi] = row.removed ?? [0, 0];
  const calls = frame.counters.calls;
  return {
    listing: ARTICLE_LISTING,
    line: veiled ? LINE.test : row.accepted ? LINE.accept : LINE.reject,
    vars: [
      ['len(current)', String(length)],
      ['parts', String(parts)],
      ['i', String(blockAt(lo, parts, length))],
      ['lo', String(lo)],
      ['hi', String(hi)],
      // Counted once the test has run (line 15).
      ['calls', String(veiled ? calls - 1 : calls)],
      ...(veiled ? [] : ([['result', `"${row.outcome}"`]] as [string, string][])),
    ],
    note: { key: 'algorithm.note.delete', values: { block: blockAt(lo, parts, length), parts } },
  };
}
