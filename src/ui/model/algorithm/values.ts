import type { Shape } from '../../../core/input/kinds.js';
import { sizeOf } from '../../../core/input/value.js';
import type { Frame } from '../../../core/run/timeline.js';
import { DELETE_BLOCKS_LISTING, deletionStep } from './delete-blocks.js';
import {
  type AlgorithmStep,
  callsAt,
  judgedVars,
  type Listing,
  lineOf,
  NO_STEP,
  show,
  type TrialFrame,
} from './listing.js';

/**
 * `values` and its value pass as `src/core/reduce/values.ts` has them, types left out (`attempt`
 * yields the trial `next`, with its edit, in the source). Its deletion passes run
 * `deleteBlocks`, shown on its own.
 */
export const VALUES: readonly string[] = [
  'function* values(start) {',
  '  let current = yield* deleteBlocks(start, false);',
  '  let deletionOnly = true;',
  '  for (;;) {',
  '    let changed = false;',
  '    for (let index = 0; index < current.length; index++) {',
  '      const unit = current[index];',
  '      const shrunk =',
  "        typeof unit === 'number'",
  '          ? yield* shrinkNumber(current, index, unit)',
  "          : typeof unit === 'string' && [...unit].length === 1 && unit !== SIMPLEST_CHAR",
  '            ? yield* simplify(current, index)',
  '            : current;',
  '      if (shrunk !== current) {',
  '        current = shrunk;',
  '        changed = true;',
  '      }',
  '    }',
  '    if (!changed) break;',
  '    deletionOnly = false;',
  '    current = yield* deleteBlocks(current, false);',
  '  }',
  '  return { reduced: current, deletionOnly };',
  '}',
  '',
  'function* shrinkNumber(units, index, value) {',
  '  if (value === 0) return units;',
  '  const zero = yield* attempt(units, index, 0);',
  '  if (zero) return zero;',
  '  let current = units;',
  '  let failing = value;',
  '  let passing = 0;',
  '  while (Math.abs(failing - passing) > 1) {',
  '    const mid = passing + Math.trunc((failing - passing) / 2);',
  '    const next = yield* attempt(current, index, mid);',
  '    if (next) {',
  '      current = next;',
  '      failing = mid;',
  '    } else passing = mid;',
  '  }',
  '  return current;',
  '}',
  '',
  'function* simplify(units, index) {',
  '  return (yield* attempt(units, index, SIMPLEST_CHAR)) ?? units;',
  '}',
  '',
  'function* attempt(units, index, value) {',
  '  const next = units.slice();',
  '  next[index] = value;',
  '  const judged = yield next;',
  '  return judged.chased ? next : null;',
  '}',
];

/** {@link VALUES} as the pane shows it. */
export const VALUES_LISTING: Listing = {
  name: 'values',
  language: 'ts',
  file: 'src/core/reduce/values.ts',
  lines: VALUES,
};

/**
 * The lines a value trial stops at: before its verdict (the `yield*` that asks for it), accepted,
 * rejected. A rejected 0 goes on to the bisection; `simplify` returns whatever the verdict, so its
 * trial stops where `values` looks at what came back.
 */
const LINE = {
  zero: {
    test: lineOf(VALUES, 'const zero = yield* attempt(units, index, 0);'),
    accept: lineOf(VALUES, 'if (zero) return zero;'),
    reject: lineOf(VALUES, 'let current = units;'),
  },
  bisect: {
    test: lineOf(VALUES, 'const next = yield* attempt(current, index, mid);'),
    accept: lineOf(VALUES, 'current = next;'),
    reject: lineOf(VALUES, '} else passing = mid;'),
  },
  simplify: {
    test: lineOf(VALUES, 'return (yield* attempt(units, index, SIMPLEST_CHAR)) ?? units;'),
    accept: lineOf(VALUES, 'current = shrunk;'),
    reject: lineOf(VALUES, 'if (shrunk !== current) {'),
  },
  start: lineOf(VALUES, 'let current = yield* deleteBlocks(start, false);'),
  end: lineOf(VALUES, 'return { reduced: current, deletionOnly };'),
} as const;

/**
 * Which move of the value pass a set trial is: trying 0 (an integer's first try), a bisection
 * step (an integer's later tries: `mid` is never 0, it lies strictly between 0 and the value), or
 * simplifying a character.
 */
export function valueMove(from: unknown, to: unknown): 'zero' | 'bisect' | 'simplify' {
  if (typeof from !== 'number') return 'simplify';
  return to === 0 ? 'zero' : 'bisect';
}

/**
 * Where a frame of a `values` run is: a deletion trial in `deleteBlocks` (see
 * {@link deletionStep}), a value trial in {@link VALUES}. A value trial shows `index` and the
 * names its function gives the old and the tried value: `value` and `0` for the first try,
 * `failing` (the unit now, which still fails) and `mid` for a bisection step (`passing` is not
 * recorded), `unit` and `SIMPLEST_CHAR` for a character.
 */
export function valuesStep(frame: Frame | undefined, shape: Shape, veiled = false): AlgorithmStep {
  const listing = VALUES_LISTING;
  if (!frame || frame.type === 'found') return NO_STEP;
  if (frame.type === 'confirmed') {
    return {
      listing,
      line: LINE.start,
      vars: [
        ['start.length', String(sizeOf(frame.input, shape))],
        ['calls', '1'],
      ],
    };
  }
  if (frame.type === 'end') {
    return {
      listing,
      line: LINE.end,
      vars: [
        ['current.length', String(sizeOf(frame.end.reduced ?? [], shape))],
        ['deletionOnly', String(frame.end.deletionOnly ?? true)],
        ['calls', String(frame.end.calls)],
      ],
    };
  }
  if (!frame.row.set) return deletionStep(frame, shape, veiled, DELETE_BLOCKS_LISTING, false);
  return setStep(frame, veiled);
}

function setStep(frame: TrialFrame, veiled: boolean): AlgorithmStep {
  const { row } = frame;
  const { index, from, to } = row.set ?? { index: 0, from: 0, to: 0 };
  const move = valueMove(from, to);
  const lines = LINE[move];
  const [old, tried] =
    move === 'zero'
      ? ['value', '0']
      : move === 'bisect'
        ? ['failing', 'mid']
        : ['unit', 'SIMPLEST_CHAR'];
  return {
    listing: VALUES_LISTING,
    line: veiled ? lines.test : row.accepted ? lines.accept : lines.reject,
    vars: [
      ['index', String(index)],
      [old, show(from)],
      ...(move !== 'zero' ? ([[tried, show(to)]] as [string, string][]) : []),
      ['calls', callsAt(frame, veiled)],
      ...judgedVars(frame, veiled),
    ],
    note: { key: 'algorithm.note.set', values: { index, from: show(from), to: show(to) } },
  };
}
