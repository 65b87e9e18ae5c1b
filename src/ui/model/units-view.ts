import type { Json, Shape } from '../../core/input/kinds.js';
import { countAt } from '../../core/input/tree.js';
import { toUnits, unitNoun } from '../../core/input/units.js';
import { sizeOf } from '../../core/input/value.js';
import type { HistoryRow } from '../../core/reduce/types.js';
import { clipJson, clipText, DISPLAY_CHARS } from '../../core/text/clip.js';
import { locale, t } from '../i18n/i18n.js';
import { argumentsOf, argumentTrial, callText } from './call-view.js';

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
  if (shape.kind === 'args') return callSizeText(input, shape);
  return countText(sizeOf(input, shape), shape);
}

/** The most arguments whose sizes a call's size names one by one. */
const SIZED_ARGUMENTS = 4;

/**
 * A call's size, argument by argument: "2 arguments: 3 characters, 6 characters", a fixed
 * argument named as such; past {@link SIZED_ARGUMENTS} arguments, the rest left as "…".
 */
function callSizeText(call: Json, shape: Shape): string {
  const views = argumentsOf(call, shape);
  const sizes = views
    .slice(0, SIZED_ARGUMENTS)
    .map((view) =>
      view.shape === null ? t('units.fixed') : countText(view.units.length, view.shape),
    );
  if (views.length > SIZED_ARGUMENTS) sizes.push(t('units.moreSizes'));
  return t('units.arguments', { count: views.length, sizes: sizes.join(t('units.comma')) });
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
 * string in quotes, a call as its arguments in parentheses, anything else as JSON; when it is longer than `max` units, its head and its
 * size.
 */
export function inputText(input: Json, shape: Shape, max = 16, separator = ','): string {
  if (shape.kind === 'args') return callText(input, Math.max(24, max * 2));
  if (shape.kind === 'int-array' && Array.isArray(input)) {
    if (input.length <= max) return `[${input.join(separator)}]`;
    return `[${input.slice(0, max).join(separator)}${separator}… ${input.length}]`;
  }
  const room = Math.max(24, max * 4);
  const text = clipJson(input, room - 1);
  return text.endsWith('…') ? `${text} (${sizeText(input, shape)})` : text;
}

/**
 * How many units the blocks of a trial were cut from: the units of the input before it, for a
 * call those of the argument it cuts, or for a tree the nodes of the level it removed from.
 */
export function unitsBefore(row: HistoryRow, shape: Shape): number {
  // A call's trial cuts one argument: its blocks are that argument's.
  const argument = argumentTrial(row, shape)?.argument;
  if (argument) return argument.to - argument.from;
  return shape.kind === 'json' && row.level !== undefined
    ? countAt(row.before, row.level)
    : sizeOf(row.before, shape);
}
