import type { HistoryRow } from '../../core/reduce/types.js';
import { clipText } from '../../core/text/clip.js';
import { t } from '../i18n/i18n.js';

/** The most characters of code a sentence quotes. */
const QUOTED = 40;

/** Code as a sentence quotes it: on one line, clipped. */
function quoted(code: string): string {
  const line = code.replace(/\s+/g, ' ').trim();
  return `“${clipText(line, QUOTED)}”`;
}

/**
 * A syntax trial said: which move, what it cuts (the code of its spans, clipped), and for a hoist
 * the node replaced and the part of it kept in its place.
 */
export function programMove(
  row: HistoryRow,
  values: { trial: number; trial_input: string; parts: number },
): string {
  const chars = Array.from(String(row.before));
  const spans = row.cut ?? [];
  const move = t(`move.${row.move ?? 'subtrees'}`);
  const first = spans[0];
  const last = spans.at(-1);
  if (row.move === 'hoist' && first && last && first !== last) {
    return t('narrate.hoist', {
      ...values,
      move,
      node: quoted(chars.slice(first[0], last[1]).join('')),
      kept: quoted(chars.slice(first[1], last[0]).join('')),
    });
  }
  const code = spans.map(([lo, hi]) => chars.slice(lo, hi).join('')).join(' … ');
  const count = spans.reduce((sum, [lo, hi]) => sum + hi - lo, 0);
  return t(code.trim() === '' ? 'narrate.cutSpace' : 'narrate.cut', {
    ...values,
    move,
    code: quoted(code),
    count,
  });
}
