import { KINDS } from '../../core/input/kinds/registry.js';
import type { Json, Shape } from '../../core/input/kinds.js';
import { toUnits } from '../../core/input/units.js';
import type { Output } from '../../core/oracle/verdict.js';
import type { HistoryRow } from '../../core/reduce/types.js';
import { t } from '../i18n/i18n.js';
import { VIEWS } from './kinds/registry.js';
import { codePoints, QUOTE_CHARS, quoted, quotedLine } from './unit-text.js';
import { outputText } from './verdict-text.js';

export { quoted } from './unit-text.js';

/** An output as a sentence says it: a string quoted as text, anything else as the page shows it. */
export function spokenOutput(output: Output | undefined): string {
  if (typeof output !== 'string') return outputText(output);
  const count = codePoints(output);
  return count <= QUOTE_CHARS
    ? quoted(output)
    : `${quoted(output)} (${t('units.character', { count })})`;
}

/**
 * An input as a sentence says it, as its kind says it: a text as text, never as escaped JSON — a
 * short one quoted, a long one as its head and its size, a text of lines as its number of lines
 * (one line quoted); a large tree as its number of nodes; any other input as `inputText` writes
 * it.
 */
export function spokenInput(input: Json, shape: Shape): string {
  return VIEWS[shape.kind].spokenInput(input, shape);
}

/**
 * A trial's input as the narration says it. For a text of lines, which lines the trial left out
 * (or kept), the first of them quoted: the class reads the change, not the whole file.
 */
export function spokenTrial(row: HistoryRow, shape: Shape): string {
  const said = spokenInput(row.trial, shape);
  const range = row.removed ?? row.kept;
  if (!KINDS[shape.kind].text || shape.split !== 'lines' || !range || row.set) return said;
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
