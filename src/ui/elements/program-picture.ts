import { html, nothing } from 'lit';
import type { HistoryRow } from '../../core/reduce/types.js';
import { t } from '../i18n/i18n.js';
import { programLines } from '../model/program-view.js';
import type { Mark } from './call-picture.js';

/** The most lines of a program drawn. */
const MAX_LINES = 400;

/**
 * A program drawn as its lines of code, numbered: the characters a trial cuts marked as its
 * blocks are (struck while veiled, fading when accepted, put back when rejected), and for a
 * hoist the node kept in its ancestor's place outlined.
 */
export function programPicture(
  text: string,
  label: string,
  trial?: { row: HistoryRow; mark: Mark },
) {
  const cut = trial?.row.cut ?? [];
  const { lines, hidden } = programLines(text, cut, trial?.row.move === 'hoist', MAX_LINES);
  const mark = trial?.mark ?? 'plain';
  return html`<div class="program" role="img" aria-label=${label}>
    ${lines.map(
      (line) =>
        html`<div class="pline ${line.marked ? 'marked' : ''}"><span class="ln">${line.number}</span><code>${line.pieces.map(
          (piece) =>
            piece.mark === 'plain'
              ? piece.text
              : html`<span class=${piece.mark === 'cut' ? `cut ${mark}` : 'hoisted'} title=${piece.mark === 'hoisted' ? t('cells.hoisted') : ''}>${piece.text}</span>`,
        )}</code></div>`,
    )}
    ${hidden > 0 ? html`<div class="muted">${t('cells.programLines', { count: hidden })}</div>` : nothing}
  </div>`;
}
