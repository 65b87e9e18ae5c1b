import type { Json, Shape } from '../../core/input/kinds.js';
import { countAt } from '../../core/input/tree.js';
import { toUnits, unitNoun } from '../../core/input/units.js';
import { sizeOf } from '../../core/input/value.js';
import type { HistoryRow } from '../../core/reduce/types.js';
import { clipJson, clipText, DISPLAY_CHARS } from '../../core/text/clip.js';
import { locale, t } from '../i18n/i18n.js';

/** Marks that make white space and control characters visible in a cell. */
const VISIBLE: Record<string, string> = { ' ': '␣', '\n': '↵', '\t': '⇥', '\r': '␍' };

/**
 * A unit as a cell shows it: a number as written, a character or a word with its white space
 * made visible (`␣ ↵ ⇥`), a line as it reads (its indentation kept as spaces) with its line
 * break marked, anything else as JSON. Control characters show as their Unicode pictures.
 */
export function unitLabel(unit: Json, shape: Shape = { kind: 'array' }): string {
  if (typeof unit === 'number') return String(unit);
  if (typeof unit !== 'string' || shape.kind !== 'string') return clipJson(unit);
  const lines = shape.split === 'lines';
  let label = '';
  // A unit may be a line of a megabyte: only what a cell shows is made visible, then clipped.
  for (const char of unit.length > LABEL_READ ? unit.slice(0, LABEL_READ) : unit) {
    const code = char.codePointAt(0) ?? 0;
    label +=
      lines && char === ' '
        ? ' '
        : (VISIBLE[char] ??
          (code < 0x20 ? String.fromCodePoint(0x2400 + code) : code === 0x7f ? '␡' : char));
  }
  return unit.length > LABEL_READ ? `${clipText(label)}…` : clipText(label);
}

/** How much of a unit a cell's label reads (what clipText could keep of it, and more). */
const LABEL_READ = DISPLAY_CHARS * 8;

/** The units of a flat input (elements, characters, lines, words); null for a tree. */
export function unitsOf(input: Json, shape: Shape): Json[] | null {
  return shape.kind === 'json' ? null : toUnits(input, shape);
}

/** How many units an input has, said with their name: "12 elements", "62 characters", "3 行". */
export function sizeText(input: Json, shape: Shape): string {
  return countText(sizeOf(input, shape), shape);
}

/** A number of units said with their name: "12 elements", "1 character", "3 行". */
export function countText(count: number, shape: Shape): string {
  const noun = unitNoun(shape);
  // English says one unit in the singular; Chinese nouns have no plural.
  return count === 1 && locale() === 'en'
    ? `1 ${t(`unit.${noun}`)}`
    : t(`units.${noun}`, { count });
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
  const room = Math.max(24, max * 4);
  const text = clipJson(input, room - 1);
  return text.endsWith('…') ? `${text} (${sizeText(input, shape)})` : text;
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
