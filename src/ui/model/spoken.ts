import type { Json, Shape } from '../../core/input/kinds.js';
import { toUnits } from '../../core/input/units.js';
import { sizeOf } from '../../core/input/value.js';
import type { Output } from '../../core/oracle/verdict.js';
import type { HistoryRow } from '../../core/reduce/types.js';
import { clipText } from '../../core/text/clip.js';
import { t } from '../i18n/i18n.js';
import { countText, inputText, unitLabel } from './units-view.js';
import { outputText } from './verdict-text.js';

/** The most characters of a text a sentence quotes. */
const QUOTE_CHARS = 40;

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

/** An output as a sentence says it: a string quoted as text, anything else as the page shows it. */
export function spokenOutput(output: Output | undefined): string {
  if (typeof output !== 'string') return outputText(output);
  const count = codePoints(output);
  return count <= QUOTE_CHARS
    ? quoted(output)
    : `${quoted(output)} (${t('units.character', { count })})`;
}

/** A line quoted as it reads: its indentation dropped, its line break not marked. */
function quotedLine(line: string): string {
  const text = line.replace(/\r?\n$/, '').trim();
  const chars = [...text];
  return `“${chars.slice(0, QUOTE_CHARS).join('')}${chars.length > QUOTE_CHARS ? '…' : ''}”`;
}

/**
 * An input as a sentence says it: a text as text, never as escaped JSON — a short one quoted, a
 * long one as its head and its size, a text of lines as its number of lines (one line quoted);
 * a large tree as its number of nodes; any other input as {@link inputText} writes it.
 */
export function spokenInput(input: Json, shape: Shape): string {
  if (shape.kind === 'json') {
    // A tree is drawn as an outline: a sentence names a small one, and counts a large one.
    const text = inputText(input, shape);
    return [...text].length <= QUOTE_CHARS ? text : countText(sizeOf(input, shape), shape);
  }
  if (shape.kind !== 'string' || typeof input !== 'string') return inputText(input, shape);
  if (shape.split === 'lines') {
    const units = toUnits(input, shape);
    if (units.length === 1) return quotedLine(String(units[0]));
    return countText(units.length, shape);
  }
  // Counted, not copied: the text may be a program of megabytes, said once per step.
  const chars = codePoints(input);
  if (chars <= QUOTE_CHARS) return quoted(input);
  // A program is read on its lines in the cells: a sentence says how much of it there is.
  if (shape.split === 'syntax') {
    const size = [
      countText(chars, shape),
      countText(lineCount(input), { kind: 'string', split: 'lines' }),
    ];
    return size.join(t('units.comma'));
  }
  const units = shape.split === 'words' ? toUnits(input, shape).length : chars;
  return `${quoted(input)} (${countText(units, shape)})`;
}

/** How many lines a text has (as it is cut into lines: a last line break opens none). */
function lineCount(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return text === '' || text.endsWith('\n') ? count : count + 1;
}

/**
 * A trial's input as the narration says it. For a text of lines, which lines the trial left out
 * (or kept), the first of them quoted: the class reads the change, not the whole file.
 */
export function spokenTrial(row: HistoryRow, shape: Shape): string {
  const said = spokenInput(row.trial, shape);
  const range = row.removed ?? row.kept;
  if (shape.kind !== 'string' || shape.split !== 'lines' || !range || row.set) return said;
  if (typeof row.before !== 'string') return said;
  const lines = toUnits(row.before, shape);
  const [lo, hi] = range;
  const first = lines[lo];
  if (first === undefined || hi <= lo) return said;
  const values = {
    from: lo + 1,
    to: hi,
    quote: `${quotedLine(String(first))}${hi - lo > 1 ? ' …' : ''}`,
  };
  const key = row.removed
    ? hi - lo === 1
      ? 'spoken.withoutLine'
      : 'spoken.withoutLines'
    : hi - lo === 1
      ? 'spoken.onlyLine'
      : 'spoken.onlyLines';
  return `${said}${t(key, values)}`;
}

/** How many code points a text has, without copying it. */
function codePoints(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0xd800 || code > 0xdbff) count++;
  }
  return count;
}
