import { KINDS } from '../../core/input/kinds/registry.js';
import type { Json, Shape } from '../../core/input/kinds.js';
import { unitNoun } from '../../core/input/units.js';
import { clipJson, clipText, DISPLAY_CHARS } from '../../core/text/clip.js';
import { locale, t } from '../i18n/i18n.js';

/** Units and texts as the page writes them, whatever the kind: the words every kind's view uses. */

/** Marks that make white space and control characters visible in a cell. */
const VISIBLE: Record<string, string> = { ' ': '␣', '\n': '↵', '\t': '⇥', '\r': '␍' };

/**
 * A unit as a cell shows it: a number as written, a character or a word with its white space
 * made visible (`␣ ↵ ⇥`), a line as it reads (its indentation kept as spaces) with its line
 * break marked, anything else as JSON. Control characters show as their Unicode pictures.
 */
export function unitLabel(unit: Json, shape: Shape = { kind: 'array' }): string {
  if (typeof unit === 'number') return String(unit);
  if (typeof unit !== 'string' || !KINDS[shape.kind].text) return clipJson(unit);
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

/** The most characters of a text a sentence quotes. */
export const QUOTE_CHARS = 40;

/** A text quoted as it reads (no JSON escapes), its white space made visible, clipped. */
export function quoted(text: string, max = QUOTE_CHARS): string {
  // Read through clipText: a bounded prefix, runs of combining marks cut to three.
  const clipped = clipText(text, max);
  const chars = [...(clipped.endsWith('…') ? clipped.slice(0, -1) : clipped)];
  const more = clipped.length < text.length;
  // Spaces read as spaces in a sentence; line breaks, tabs and control characters are marked.
  const shown = chars
    .slice(0, max)
    .map((char) => (char === ' ' ? ' ' : unitLabel(char, { kind: 'string', split: 'chars' })))
    .join('');
  return `“${shown}${more ? '…' : ''}”`;
}

/** A line quoted as it reads: its indentation dropped, its line break not marked. */
export function quotedLine(line: string): string {
  const text = line.replace(/\r?\n$/, '').trim();
  const chars = [...text];
  return `“${chars.slice(0, QUOTE_CHARS).join('')}${chars.length > QUOTE_CHARS ? '…' : ''}”`;
}

/** How many code points a text has, without copying it. */
export function codePoints(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0xd800 || code > 0xdbff) count++;
  }
  return count;
}
