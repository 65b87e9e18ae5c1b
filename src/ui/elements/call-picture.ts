import { html, nothing, type TemplateResult } from 'lit';
import { KINDS } from '../../core/input/kinds/registry.js';
import type { Json, Shape } from '../../core/input/kinds.js';
import { block as blockAt } from '../../core/reduce/blocks.js';
import type { HistoryRow } from '../../core/reduce/types.js';
import { clipJson } from '../../core/text/clip.js';
import { t } from '../i18n/i18n.js';
import { type ArgumentView, argumentsOf, argumentTrial } from '../model/call-view.js';
import { rowWindow } from '../model/row-window.js';
import { countText } from '../model/units-view.js';

/** How a block of cells is marked: under trial, removed, put back, veiled, or changed. */
export type Mark = 'plain' | 'tried' | 'gone' | 'restored' | 'pending' | 'changed';

/**
 * The mark of a block of a trial: the block it removes (or every other, for a keep) fades when
 * the trial is accepted, comes back when rejected, and is struck out while the verdict is veiled.
 */
export function blockMark(row: HistoryRow, inTrial: boolean, veiled: boolean): Mark {
  const removed = row.removed ? inTrial : row.kept ? !inTrial : false;
  if (row.set) return 'plain';
  if (removed) return veiled ? 'pending' : row.accepted ? 'gone' : 'restored';
  return inTrial ? 'tried' : 'plain';
}

/** How `dl-cells` draws a block of units, and a long one as a bar. */
export interface BlockDrawing {
  block(
    units: readonly Json[],
    offset: number,
    mark: Mark,
    index: number | null,
    shape: Shape,
  ): TemplateResult;
  segment(size: number, index: number, parts: number, mark: Mark): TemplateResult;
  /** The most units drawn one cell each before an argument is drawn as a bar. */
  maxCells(shape: Shape): number;
}

/** The most arguments drawn as rows: a call of thousands shows those around the one tried. */
export const MAX_ARGUMENT_ROWS = 7;

/**
 * A call drawn as one row per argument, each of its own kind: text as characters (or lines,
 * words), an array as elements, a number or an object as a fixed value that is never cut. The
 * argument a trial works on is split into the trial's blocks, which are that argument's own.
 * Of a long call, {@link MAX_ARGUMENT_ROWS} rows around that argument are drawn (the first ones
 * when there is no trial), and the others counted above and below them.
 */
export function callPicture(
  call: Json,
  shape: Shape,
  trial: { row: HistoryRow; veiled: boolean } | null,
  draw: BlockDrawing,
): TemplateResult {
  const worked = trial ? argumentTrial(trial.row, shape) : null;
  const views = argumentsOf(call, shape);
  const [from, to] = rowWindow(views.length, worked?.argument.index ?? 0, MAX_ARGUMENT_ROWS);
  return html`<div class="call">
    ${from > 0 ? moreArguments(from) : nothing}
    ${views
      .slice(from, to)
      .map((argument) =>
        argumentRow(
          argument,
          worked?.argument.index === argument.index ? worked : null,
          trial,
          draw,
        ),
      )}
    ${to < views.length ? moreArguments(views.length - to) : nothing}
  </div>`;
}

function moreArguments(count: number): TemplateResult {
  return html`<div class="more-arguments muted">${t('units.moreArguments', { count })}</div>`;
}

function argumentRow(
  argument: ArgumentView,
  worked: { lo: number; hi: number } | null,
  trial: { row: HistoryRow; veiled: boolean } | null,
  draw: BlockDrawing,
): TemplateResult {
  const name = t('cells.argument', { position: argument.index + 1 });
  if (argument.shape === null) {
    return html`<div class="argument fixed">
      <span class="argument-name">${name} · ${t('cells.fixed')}</span>
      <div class="blocks"><div class="block"><div class="cells">
        <span class="cell fixed-value">${clipJson(argument.value, 40)}</span>
      </div></div></div>
    </div>`;
  }
  const shape = argument.shape;
  const units = argument.units;
  const long = units.length > draw.maxCells(shape);
  const parts = worked && trial && !trial.row.set ? (trial.row.granularity ?? 1) : 1;
  const blocks: TemplateResult[] = [];
  for (let i = 0; i < parts; i++) {
    const [lo, hi] = blockAt(i, parts, units.length);
    const inTrial = worked !== null && lo === worked.lo && hi === worked.hi;
    const mark = worked && trial ? blockMark(trial.row, inTrial, trial.veiled) : 'plain';
    blocks.push(
      long
        ? draw.segment(hi - lo, i, parts, mark)
        : draw.block(units.slice(lo, hi), lo, mark, parts > 1 ? i : null, shape),
    );
  }
  const text = KINDS[shape.kind].text ? (shape.split === 'lines' ? ' lines' : ' text') : '';
  return html`<div class="argument ${worked ? 'worked' : ''}">
    <span class="argument-name">${name} · ${countText(units.length, shape)}</span>
    ${
      units.length === 0
        ? html`<div class="blocks"><span class="empty-argument mono">${JSON.stringify(KINDS[shape.kind].empty(null))}</span></div>`
        : html`<div class=${long ? 'bar' : `blocks${text}`}>${blocks}</div>`
    }
  </div>`;
}
