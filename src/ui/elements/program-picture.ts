import { html, nothing } from 'lit';
import type { HistoryRow } from '../../core/reduce/types.js';
import { t } from '../i18n/i18n.js';
import { type ProgramLine, programLines } from '../model/program-view.js';
import type { Mark } from './call-picture.js';

/** The most lines of a program drawn. */
const MAX_LINES = 400;
/** About the most characters of one line drawn (a minified file is one line of megabytes). */
const MAX_LINE_CHARS = 320;

/**
 * A program drawn as its lines of code, numbered: the characters a trial cuts marked as its
 * blocks are (struck while veiled, fading when accepted, put back when rejected), and for a
 * hoist the node kept in its ancestor's place outlined. Of a long program, the lines around the
 * first mark; of a long line, the characters from just before its first mark; the rest counted.
 */
export function programPicture(
  text: string,
  label: string,
  trial?: { row: HistoryRow; mark: Mark },
) {
  const cut = trial?.row.cut ?? [];
  const hoist = trial?.row.move === 'hoist';
  const { lines, above, below } = programLines(text, cut, hoist, MAX_LINES, MAX_LINE_CHARS);
  const mark = trial?.mark ?? 'plain';
  return html`<div class="program" role="img" aria-label=${label}>
    ${above > 0 ? html`<div class="muted">${t('cells.programLinesAbove', { count: above })}</div>` : nothing}
    ${lines.map((line) => programLine(line, mark))}
    ${below > 0 ? html`<div class="muted">${t('cells.programLines', { count: below })}</div>` : nothing}
  </div>`;
}

function programLine(line: ProgramLine, mark: Mark) {
  return html`<div class="pline ${line.marked ? 'marked' : ''}"><span class="ln">${line.number}</span><code>${
    line.before > 0
      ? html`<span class="elided">${t('cells.charsBefore', { count: line.before })}</span>`
      : nothing
  }${line.pieces.map((piece) =>
    piece.mark === 'plain'
      ? piece.text
      : html`<span class=${piece.mark === 'cut' ? `cut ${mark}` : 'hoisted'} title=${piece.mark === 'hoisted' ? t('cells.hoisted') : ''}>${piece.text}</span>`,
  )}${
    line.after > 0
      ? html`<span class="elided">${t('cells.charsAfter', { count: line.after })}</span>`
      : nothing
  }</code></div>`;
}
