import type { Json, Shape } from '../../core/input/kinds.js';
import { showInput } from '../../core/input/show.js';
import { countAt } from '../../core/input/tree.js';
import { toUnits, unitNoun } from '../../core/input/units.js';
import { sizeOf } from '../../core/input/value.js';
import type { HistoryRow } from '../../core/reduce/types.js';
import { t } from '../i18n/i18n.js';

/** Marks that make white space and control characters visible in a cell. */
const VISIBLE: Record<string, string> = { ' ': '␣', '\n': '↵', '\t': '⇥', '\r': '␍' };

/**
 * A unit as a cell shows it: a number as written, a character or a word with its white space
 * made visible (`␣ ↵ ⇥`), a line as it reads (its indentation kept as spaces) with its line
 * break marked, anything else as JSON. Control characters show as their Unicode pictures.
 */
export function unitLabel(unit: Json, shape: Shape = { kind: 'array' }): string {
  if (typeof unit === 'number') return String(unit);
  if (typeof unit !== 'string' || shape.kind !== 'string') return JSON.stringify(unit);
  const lines = shape.split === 'lines';
  let label = '';
  for (const char of unit) {
    const code = char.codePointAt(0) ?? 0;
    label +=
      lines && char === ' '
        ? ' '
        : (VISIBLE[char] ??
          (code < 0x20 ? String.fromCodePoint(0x2400 + code) : code === 0x7f ? '␡' : char));
  }
  return label;
}

/** The units of a flat input (elements, characters, lines, words); null for a tree. */
export function unitsOf(input: Json, shape: Shape): Json[] | null {
  return shape.kind === 'json' ? null : toUnits(input, shape);
}

/** How many units an input has, said with their name: "12 elements", "62 characters", "3 行". */
export function sizeText(input: Json, shape: Shape): string {
  return t(`units.${unitNoun(shape)}`, { count: sizeOf(input, shape) });
}

/** The name of one unit of `shape` in the UI language: element, character, line, word, node. */
export function unitName(shape: Shape): string {
  return t(`unit.${unitNoun(shape)}`);
}

/**
 * An input as short text: an array of integers as the article writes it (`[-1,-9,-5]`), a
 * string in quotes, anything else as JSON; when it is longer than `max` units, its head and its
 * size.
 */
export function inputText(input: Json, shape: Shape, max = 16, separator = ','): string {
  if (shape.kind === 'int-array' && Array.isArray(input)) {
    if (input.length <= max) return `[${input.join(separator)}]`;
    return `[${input.slice(0, max).join(separator)}${separator}… ${input.length}]`;
  }
  const text = showInput(input);
  const room = Math.max(24, max * 4);
  if (text.length <= room) return text;
  // Never end on half a surrogate pair.
  const head = text.slice(0, /[\uD800-\uDBFF]/.test(text[room - 2] ?? '') ? room - 2 : room - 1);
  return `${head}… (${sizeText(input, shape)})`;
}

/**
 * How many units the blocks of a trial were cut from: the units of the input before it, or for
 * a tree the nodes of the level the trial removed from.
 */
export function unitsBefore(row: HistoryRow, shape: Shape): number {
  return shape.kind === 'json' && row.level !== undefined
    ? countAt(row.before, row.level)
    : sizeOf(row.before, shape);
}
