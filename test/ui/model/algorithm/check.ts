import { expect } from 'vitest';
import { editUnits } from '../../../../src/core/input/edit.js';
import type { Json, Shape } from '../../../../src/core/input/kinds.js';
import { countAt, removeAt } from '../../../../src/core/input/tree.js';
import { fromUnits, toUnits } from '../../../../src/core/input/units.js';
import { sizeOf } from '../../../../src/core/input/value.js';
import type { ReducerName } from '../../../../src/core/reduce/types.js';
import type { Frame } from '../../../../src/core/run/timeline.js';
import { type AlgorithmStep, algorithmStep } from '../../../../src/ui/model/algorithm/step.js';

type TrialFrame = Extract<Frame, { type: 'trial' }>;

/** The variables a step shows, by name. */
export const varsOf = (step: AlgorithmStep) => Object.fromEntries(step.vars);

/** The text (trimmed) of the line a step marks. */
export function markedLine(step: AlgorithmStep): string {
  expect(step.listing).not.toBeNull();
  expect(step.line).not.toBeNull();
  return step.listing?.lines[(step.line ?? 0) - 1]?.trim() ?? '';
}

/** `lo = i * length // parts`, `hi = (i + 1) * length // parts`, written out again here. */
const blockOf = (i: number, parts: number, length: number): [number, number] => [
  Math.floor((i * length) / parts),
  Math.floor(((i + 1) * length) / parts),
];

const num = (vars: Record<string, string>, name: string): number => {
  expect(vars[name], name).toBeDefined();
  return Number(vars[name]);
};

/**
 * Checks what the twin of `reducer` shows at a trial frame, shown and veiled, against the
 * recorded row: the block (or the unit) its variables name, redone as the reducer's code does,
 * makes the recorded trial; the line is the accept line exactly when the row was accepted; the
 * calls are the counters' (one fewer while veiled, stopped at the line that asks for the trial).
 * Returns which kind of trial it was, so that a test can check it saw each.
 */
export function checkTrial(
  reducer: ReducerName,
  frame: TrialFrame,
  shape: Shape,
  label: string,
): string {
  const { row } = frame;
  const shown = algorithmStep(reducer, frame, shape);
  const veiled = algorithmStep(reducer, frame, shape, true);
  const v = varsOf(shown);
  const hidden = varsOf(veiled);
  // Calls: counted once the test ran; a veiled trial has not run yet.
  expect(v.calls, label).toBe(String(frame.counters.calls));
  expect(hidden.calls, label).toBe(String(frame.counters.calls - 1));
  if (reducer !== 'chunks') {
    expect(v['judged.chased'], label).toBe(String(row.accepted));
    expect(v['judged.outcome'], label).toBe(`"${row.outcome}"`);
    expect(hidden['judged.chased'], label).toBeUndefined();
    expect(hidden['judged.outcome'], label).toBeUndefined();
  }
  const test = markedLine(veiled);
  const line = markedLine(shown);
  const units = reducer === 'hdd' ? [] : toUnits(row.before, shape);

  if (row.set) {
    // values' value pass: the unit at `index`, from what it was to what was tried.
    const index = num(v, 'index');
    expect(index, label).toBe(row.set.index);
    const next = units.slice();
    next[index] = row.set.to;
    expect(fromUnits(next, shape), label).toEqual(row.trial);
    if (typeof units[index] === 'number') {
      const from = units[index] as number;
      if (row.set.to === 0) {
        expect(v.value, label).toBe(JSON.stringify(from));
        expect(test, label).toBe('const zero = yield* attempt(units, index, 0);');
        expect(line, label).toBe(row.accepted ? 'if (zero) return zero;' : 'let current = units;');
        return 'zero';
      }
      // A bisection step: `failing` is the unit now, `mid` strictly between 0 and it.
      expect(num(v, 'failing'), label).toBe(from);
      const mid = num(v, 'mid');
      expect(mid, label).toBe(row.set.to);
      expect(Math.sign(mid), label).toBe(Math.sign(from));
      expect(Math.abs(mid), label).toBeLessThan(Math.abs(from));
      expect(test, label).toBe('const next = yield* attempt(current, index, mid);');
      expect(line, label).toBe(row.accepted ? 'current = next;' : '} else passing = mid;');
      return 'bisect';
    }
    expect(v.unit, label).toBe(JSON.stringify(units[index]));
    expect(v.SIMPLEST_CHAR, label).toBe('"a"');
    expect(test, label).toBe('return (yield* attempt(units, index, SIMPLEST_CHAR)) ?? units;');
    expect(line, label).toBe(row.accepted ? 'current = shrunk;' : 'if (shrunk !== current) {');
    return 'simplify';
  }

  if (reducer === 'bisect') return bisectTrial(frame, v, [test, line], shape, label);

  const parts = num(v, 'parts');
  const i = num(v, 'i');
  expect(parts, label).toBe(row.granularity);
  expect(i, label).toBeLessThan(parts);
  const [lo, hi] = [num(v, 'lo'), num(v, 'hi')];

  if (reducer === 'hdd') {
    const level = num(v, 'level');
    const length = num(v, 'length');
    expect(level, label).toBe(row.level);
    expect(length, label).toBe(countAt(row.before, level));
    expect(blockOf(i, parts, length), label).toEqual(row.removed);
    expect([lo, hi], label).toEqual(row.removed);
    expect(removeAt(row.before, level, lo, hi), label).toEqual(row.trial);
    expect(test, label).toBe('const judged = yield { input, edit, granularity: parts };');
    expect(line, label).toBe(row.accepted ? 'current = input;' : 'if (judged.chased) {');
    return 'delete';
  }

  const length = num(v, reducer === 'chunks' ? 'len(current)' : 'length');
  expect(length, label).toBe(sizeOf(row.before, shape));
  const op = row.kept ? 'keep' : 'delete';
  expect(blockOf(i, parts, length), label).toEqual(row.kept ?? row.removed);
  expect([lo, hi], label).toEqual(row.kept ?? row.removed);
  expect(fromUnits(editUnits(units, { op, lo, hi }), shape) as Json, label).toEqual(row.trial);
  switch (reducer) {
    case 'chunks':
      expect(test, label).toBe('result = test(trial)');
      expect(line, label).toBe(row.accepted ? 'current = trial' : 'if result == "FAIL":');
      break;
    case 'ddmin': {
      const name = op === 'keep' ? 'kept' : 'removed';
      expect(test, label).toBe(`const judged = yield ${name};`);
      expect(line, label).toBe(row.accepted ? `current = ${name};` : 'if (judged.chased) {');
      // A subset is tried in the first loop, a complement in the second.
      const lines = shown.listing?.lines ?? [];
      const complements = lines.findIndex((l) => l.includes('for (let j = 0')) + 1;
      expect((shown.line ?? 0) > complements, label).toBe(op === 'delete');
      break;
    }
    default:
      expect(op, label).toBe('delete');
      expect(v.resume, label).toBe(String(reducer === 'chunks-resume'));
      expect(test, label).toBe('const judged = yield { input, edit, granularity: parts };');
      expect(line, label).toBe(row.accepted ? 'current = input;' : 'if (judged.chased) {');
  }
  return op;
}

/** The line each kind of `bisect` trial stops at when accepted. */
const BISECT_ACCEPTS: Record<string, string> = {
  sweep: 'accept(edit, input);',
  keep: 'return { edit, input };',
  halves: 'removed.push({ edit, input });',
};

/**
 * A trial of `bisect`: a subset test (`keep`), a block of the sweep (a deletion with a
 * granularity) or a half of a block being bisected (`halves`, no granularity). Its `lo` and
 * `hi` (`mid` for a half), redone on the units before it, make the recorded trial.
 */
function bisectTrial(
  frame: TrialFrame,
  v: Record<string, string>,
  [test, line]: [string, string],
  shape: Shape,
  label: string,
): string {
  const { row } = frame;
  const kind = row.kept ? 'keep' : row.granularity !== undefined ? 'sweep' : 'halves';
  const units = toUnits(row.before, shape);
  const length = num(v, 'current.length');
  expect(length, label).toBe(units.length);
  const lo = num(v, 'lo');
  const hi = num(v, kind === 'halves' ? 'mid' : 'hi');
  const op = kind === 'keep' ? 'keep' : 'delete';
  expect([lo, hi], label).toEqual(row.kept ?? row.removed);
  expect(fromUnits(editUnits(units, { op, lo, hi }), shape) as Json, label).toEqual(row.trial);
  if (kind !== 'halves') expect(num(v, 'parts'), label).toBe(row.granularity);
  if (kind === 'keep')
    expect(blockOf(num(v, 'i'), num(v, 'parts'), length), label).toEqual(row.kept);
  expect(test, label).toBe(
    kind === 'halves'
      ? 'const judged = yield { input, edit };'
      : kind === 'sweep'
        ? 'const judged = whole ? PASSED : yield { input, edit, granularity: parts };'
        : 'const judged = yield { input, edit, granularity: parts };',
  );
  expect(line, label).toBe(row.accepted ? BISECT_ACCEPTS[kind] : 'if (judged.chased) {');
  return kind;
}
