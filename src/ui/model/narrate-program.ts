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
  const code = codeOf(String(row.before));
  const spans = row.cut ?? [];
  const move = t(`move.${row.move ?? 'subtrees'}`);
  const first = spans[0];
  const last = spans.at(-1);
  if (row.cutText !== undefined && first) {
    return t('narrate.rename', {
      ...values,
      name: quoted(code(first[0], first[1])),
      to: quoted(row.cutText),
      count: spans.length,
    });
  }
  if (row.move === 'hoist' && first && last && first !== last) {
    return t('narrate.hoist', {
      ...values,
      move,
      node: quoted(code(first[0], last[1])),
      kept: quoted(code(first[1], last[0])),
    });
  }
  // The sentence quotes the head of what is cut: the rest is only looked at for code in it.
  const heads: string[] = [];
  let blank = true;
  for (const [lo, hi] of spans) {
    const cut = code(lo, hi);
    const start = Math.max(0, cut.search(/\S/));
    blank &&= !/\S/.test(cut);
    if (heads.join(' … ').length < QUOTED * 4) heads.push(cut.slice(start, start + QUOTED * 4));
  }
  const count = spans.reduce((sum, [lo, hi]) => sum + hi - lo, 0);
  return t(blank ? 'narrate.cutSpace' : 'narrate.cut', {
    ...values,
    move,
    code: quoted(heads.join(' … ')),
    count,
  });
}

/**
 * The code points `[lo, hi)` of a program: sliced where the program is all of one UTF-16 unit per
 * code point (a program of megabytes is then never copied), else read as code points once.
 */
function codeOf(text: string): (lo: number, hi: number) => string {
  if (!/[\uD800-\uDFFF]/.test(text)) return (lo, hi) => text.slice(lo, hi);
  const chars = Array.from(text);
  return (lo, hi) => chars.slice(lo, hi).join('');
}
