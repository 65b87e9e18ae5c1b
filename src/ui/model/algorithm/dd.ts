import type { Shape } from '../../../core/input/kinds.js';
import { sizeOf } from '../../../core/input/value.js';
import type { Frame } from '../../../core/run/timeline.js';
import { type AlgorithmStep, callsAt, type Listing, lineOf, NO_STEP } from './listing.js';

/**
 * `dd` as `src/core/isolate/dd.ts` has it, types and the start's check left out, and the trial
 * built in one line: the loop of an isolation, its four moves named where they are made.
 */
export const DD: readonly string[] = [
  "function* dd(start, mode = '+-') {",
  '  let pass = start.pass.slice();',
  '  let fail = start.fail.slice();',
  '  let n = 2;',
  '  let offset = 0;',
  '  round: for (;;) {',
  '    const delta = difference(fail, pass);',
  '    if (delta.length < n) break;',
  '    for (let j = 0; j < (n === 2 ? 1 : n); j++) {',
  '      const i = (j + offset) % n;',
  '      const [lo, hi] = block(i, n, delta.length);',
  '      const blockUnits = delta.slice(lo, hi);',
  '      for (const kind of trialsOn(mode, n)) {',
  "        const config = kind === 'subset' ? union(pass, blockUnits) : difference(fail, blockUnits);",
  '        const trial = { config, ...trialMoves(kind, mode), granularity: n, block: i };',
  '        const move = moveMade(trial, yield trial);',
  '        if (!move) continue;',
  "        if (move.startsWith('increase')) pass = config;",
  '        else fail = config;',
  "        n = move === 'reduce-to-subset' || move === 'increase-to-complement' ? 2 : Math.max(n - 1, 2);",
  '        offset = i;',
  '        continue round;',
  '      }',
  '    }',
  '    if (n >= delta.length) break;',
  '    n = Math.min(2 * n, delta.length);',
  '  }',
  '  return { pass, fail, difference: difference(fail, pass) };',
  '}',
];

/** {@link DD} as the pane shows it. */
export const DD_LISTING: Listing = {
  name: 'dd',
  language: 'ts',
  file: 'src/core/isolate/dd.ts',
  lines: DD,
};

const LINE = {
  start: lineOf(DD, 'let pass = start.pass.slice();'),
  test: lineOf(DD, 'const move = moveMade(trial, yield trial);'),
  none: lineOf(DD, 'if (!move) continue;'),
  increase: lineOf(DD, "if (move.startsWith('increase')) pass = config;"),
  reduce: lineOf(DD, 'else fail = config;'),
  end: lineOf(DD, 'return { pass, fail, difference: difference(fail, pass) };'),
} as const;

/**
 * Where a frame of an isolation is in {@link DD}: a side confirmed at the start, a trial at its
 * `yield` while veiled, else where its move was made (or at `continue` when none was), the end at
 * `return`. `n` is the recorded granularity, `i` the block, `kind` whether the block was added to
 * the passing side or taken from the failing one; the sides are shown by their sizes.
 */
export function ddStep(frame: Frame | undefined, shape: Shape, veiled = false): AlgorithmStep {
  const listing = DD_LISTING;
  if (!frame || frame.type === 'found') return NO_STEP;
  if (frame.type === 'confirmed') {
    return { listing, line: LINE.start, vars: [['calls', String(frame.counters.calls)]] };
  }
  if (frame.type === 'end') {
    return {
      listing,
      line: LINE.end,
      vars: [
        ['difference.length', String(frame.end.difference ?? 0)],
        ['calls', String(frame.end.calls)],
      ],
    };
  }
  const step = frame.row.isolation;
  if (!step) return NO_STEP;
  const kind = step.move.endsWith('subset') ? 'subset' : 'complement';
  const line = veiled
    ? LINE.test
    : !step.moved
      ? LINE.none
      : step.moved.startsWith('increase')
        ? LINE.increase
        : LINE.reduce;
  return {
    listing,
    line,
    vars: [
      ['n', String(frame.row.granularity ?? 2)],
      ['i', String(step.block)],
      ['delta.length', String(step.size)],
      ['blockUnits.length', String(step.blockSize)],
      ['kind', `"${kind}"`],
      ['pass', `${sizeOf(step.pass, shape)} units`],
      ['fail', `${sizeOf(frame.row.before, shape)} units`],
      ['calls', callsAt(frame, veiled)],
      ...(veiled
        ? []
        : ([['move', step.moved ? `"${step.moved}"` : 'null']] as [string, string][])),
    ],
    note: {
      key: kind === 'subset' ? 'algorithm.note.addBlock' : 'algorithm.note.takeBlock',
      values: { block: step.block, parts: frame.row.granularity ?? 2 },
    },
  };
}
