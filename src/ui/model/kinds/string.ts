import type { Json, Shape } from '../../../core/input/kinds.js';
import { toUnits } from '../../../core/input/units.js';
import { t } from '../../i18n/i18n.js';
import { codePoints, countText, QUOTE_CHARS, quoted, quotedLine } from '../unit-text.js';
import { checked, clippedJson, countedSize } from './shared.js';
import type { KindView } from './view.js';

/** Text on the page: pasted as it is, quoted in sentences, its lines counted. */
export const STRING_VIEW: KindView = {
  name: 'string',
  picture: 'row',
  spokenTrial: true,
  example: '<b>foo</b>',
  sizeText: countedSize,
  inputText: (input, shape, max) => clippedJson(input, shape, max),
  spokenInput: spokenText,
  read: (text) => checked(text, 'string'),
  write: (input) => (typeof input === 'string' ? input : JSON.stringify(input)),
  testArgument: () => 'input',
  generator: ({ alphabet }) => ({ alphabet }),
};

/**
 * A text as a sentence says it: a short one quoted, a long one as its head and its size, a text
 * of lines as its number of lines (one line quoted), a program as its characters and lines.
 */
function spokenText(input: Json, shape: Shape): string {
  if (typeof input !== 'string') return clippedJson(input, shape, 16);
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
