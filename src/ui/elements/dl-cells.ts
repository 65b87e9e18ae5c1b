import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { KINDS } from '../../core/input/kinds/registry.js';
import { INT_ARRAY, type Json, type Shape } from '../../core/input/kinds.js';
import { sizeOf } from '../../core/input/value.js';
import type { Output } from '../../core/oracle/verdict.js';
import { block } from '../../core/reduce/blocks.js';
import type { Frame } from '../../core/run/timeline.js';
import { endInput } from '../../core/session/events.js';
import { t } from '../i18n/i18n.js';
import { VIEWS } from '../model/kinds/registry.js';
import { blockName } from '../model/narrate.js';
import { outlineOf } from '../model/outline.js';
import { spokenInput } from '../model/spoken.js';
import { inputText, sizeText, unitLabel, unitsOf } from '../model/units-view.js';
import { errorText, outputText } from '../model/verdict-text.js';
import { cells } from '../styles/cells.js';
import { cellsCall } from '../styles/cells-call.js';
import { cellsPresent } from '../styles/cells-present.js';
import { cellsProgram } from '../styles/cells-program.js';
import { shared } from '../styles/shared.js';
import { type BlockDrawing, blockMark, callPicture, type Mark } from './call-picture.js';
import { LocalizedElement } from './localized-element.js';
import { programPicture } from './program-picture.js';
import { scrollIntoBox } from './scroll-into-box.js';

/** The most nodes of a tree drawn as outline rows. */
const MAX_TREE_ROWS = 120;

/**
 * The current input drawn as cells, split into the blocks of the trial: the block under trial
 * highlighted, a removed block fading out, a rejected one coming back, and the trial's outcome
 * (or, veiled, the trial alone, its block struck out, and the question whether it still fails).
 * Characters show white space as ␣ ↵ ⇥, lines are drawn as rows, a JSON tree as an outline
 * whose removed subtrees fade.
 */
@customElement('dl-cells')
export class DlCells extends LocalizedElement {
  static override styles = [shared, cells, cellsCall, cellsProgram, cellsPresent];

  /** The frame to draw; nothing is drawn without one. */
  @property({ attribute: false }) frame: Frame | undefined;
  /** How the frame's inputs are cut into units. */
  @property({ attribute: false }) shape: Shape = INT_ARRAY;
  /** A trial's verdict is not to be shown yet (the class predicts it first). */
  @property({ type: Boolean }) veiled = false;
  /** Presenter mode: projector type, the picture filling the room it is given. */
  @property({ type: Boolean, reflect: true }) presenting = false;

  override render() {
    const frame = this.frame;
    if (!frame) return nothing;
    const shape = this.shape;
    if (frame.type !== 'trial') {
      const input = frame.type === 'end' ? (endInput(frame.end) ?? []) : frame.input;
      const label = t('cells.label', { size: sizeText(input, shape) });
      if (VIEWS[shape.kind].picture === 'tree')
        return html`<div class="picture">${this.#tree(input, label)}</div>`;
      if (shape.split === 'syntax')
        return html`<div class="picture">${programPicture(String(input), label)}</div>`;
      if (VIEWS[shape.kind].picture === 'call') {
        return html`<div class="picture" role="img" aria-label=${label}>
          ${callPicture(input, shape, null, this.#drawing)}
        </div>`;
      }
      const units = unitsOf(input, shape) ?? [];
      const long = units.length > maxCells(shape);
      return html`<div class="picture" role="img" aria-label=${label}>
        <div class=${classes(shape, long)}>
          ${long ? this.#segment(units.length, 0, 1, 'plain') : this.#block(units, 0, 'plain', null)}
        </div>
      </div>`;
    }
    const { row } = frame;
    const parts = row.set ? 1 : (row.granularity ?? 1);
    const range = row.removed ?? row.kept ?? [-1, -1];
    const label = t('cells.label', { size: sizeText(row.before, shape) });
    const heading = [
      row.move !== undefined ? t('cells.move', { move: t(`move.${row.move}`) }) : '',
      row.level !== undefined ? t('cells.level', { level: row.level }) : '',
      parts > 1 ? t('cells.granularity', { parts }) : '',
    ]
      .filter(Boolean)
      .join(' · ');
    let picture: TemplateResult;
    if (VIEWS[shape.kind].picture === 'tree') {
      const removed =
        row.removed && row.level !== undefined
          ? { level: row.level, lo: range[0], hi: range[1] }
          : undefined;
      const mark = this.veiled ? 'pending' : row.accepted ? 'gone' : 'restored';
      picture = this.#tree(row.before, label, removed, mark);
    } else if (shape.split === 'syntax') {
      const mark = this.veiled ? 'pending' : row.accepted ? 'gone' : 'restored';
      picture = programPicture(String(row.before), label, { row, mark });
    } else if (VIEWS[shape.kind].picture === 'call') {
      picture = html`<div role="img" aria-label=${label}>
        ${callPicture(row.before, shape, { row, veiled: this.veiled }, this.#drawing)}
      </div>`;
    } else {
      const units = unitsOf(row.before, shape) ?? [];
      const long = units.length > maxCells(shape);
      const blocks: TemplateResult[] = [];
      for (let i = 0; i < parts; i++) {
        const [lo, hi] = block(i, parts, units.length);
        const inTrial = lo === range[0] && hi === range[1];
        const mark = blockMark(row, inTrial, this.veiled);
        blocks.push(
          long
            ? this.#segment(hi - lo, i, parts, mark)
            : this.#block(units.slice(lo, hi), lo, mark, parts > 1 ? i : null, row.set),
        );
      }
      picture = html`<div role="img" aria-label=${label}>
        <div class=${classes(shape, long)}>${blocks}</div>
      </div>`;
    }
    const trialSize = sizeOf(row.trial, shape);
    // Text as text (quoted, or its lines counted); an array in the article's notation.
    const trialText = VIEWS[shape.kind].spokenTrial
      ? spokenInput(row.trial, shape)
      : trialSize > maxCells(shape)
        ? sizeText(row.trial, shape)
        : inputText(row.trial, shape, maxCells(shape));
    const trial = html`<span class="mono trial">→ ${trialText}</span>`;
    const output = (value: Output | undefined) =>
      this.presenting ? shortOutput(outputText(value)) : outputText(value);
    if (this.veiled) {
      return html`
        <div class="granularity">${heading}</div>
        <div class="picture">${picture}</div>
        <div class="result">${trial}<span class="badge predict">${t('mark.predict')}</span></div>
      `;
    }
    return html`
      <div class="granularity">${heading}</div>
      <div class="picture">${picture}</div>
      <div class="result">
        ${trial}
        <span class="badge outcome-${row.outcome}">${row.outcome} · ${t(row.accepted ? 'mark.accepted' : 'mark.rejected')}</span>
        ${frame.cached ? html`<span class="muted">${t('mark.cached')}</span>` : nothing}
        ${frame.verdict.flaky ? html`<span class="badge outcome-INVALID">${t('mark.flaky', { outcomes: frame.verdict.flaky.join(' → ') })}</span>` : nothing}
        ${
          frame.verdict.expected !== undefined || frame.verdict.actual !== undefined
            ? html`<span class="muted">${t('find.expected')} <b class="mono">${output(frame.verdict.expected)}</b>,
              ${t('find.actual')} <b class="mono">${output(frame.verdict.actual)}</b></span>`
            : nothing
        }
        ${
          frame.verdict.error && frame.row.outcome !== 'INVALID'
            ? html`<span class="muted error">${errorText(frame.verdict.error)}</span>`
            : nothing
        }
      </div>
    `;
  }

  /** A scroll to the marked block is waiting for the next animation frame. */
  #scrolling = false;

  protected override updated(changed: PropertyValues<this>): void {
    // The block under trial is scrolled into sight when the frame (or its veil) changes, once the
    // page's update is done (reading sizes mid-update would lay the page out twice).
    if (!(changed.has('frame') || changed.has('veiled')) || this.#scrolling) return;
    this.#scrolling = true;
    requestAnimationFrame(() => {
      this.#scrolling = false;
      this.#scrollToMarked();
    });
  }

  /**
   * Scrolls the marked block into sight in every box between it and the picture, innermost
   * first: the picture is capped in presenter mode, and a tree has a box of its own.
   */
  #scrollToMarked(): void {
    const box = this.renderRoot.querySelector('.picture');
    const marked = box?.querySelector('.tried, .gone, .restored, .pending, .changed');
    if (box && marked) scrollIntoBox(marked, box);
  }

  /** How a call's arguments draw their blocks: as this element draws its own. */
  readonly #drawing: BlockDrawing = {
    block: (units, offset, mark, index, shape) =>
      this.#block(units, offset, mark, index, undefined, shape),
    segment: (size, index, parts, mark) => this.#segment(size, index, parts, mark),
    maxCells,
  };

  #block(
    units: readonly Json[],
    offset: number,
    mark: Mark,
    index: number | null,
    set?: { index: number; from: Json; to: Json },
    shape: Shape = this.shape,
  ) {
    return html`<div class="block ${mark}">
      <div class="cells">
        ${units.map((unit, k) =>
          set && set.index === offset + k
            ? html`<span class="cell changed">${unitLabel(set.from, shape)}→${unitLabel(set.to, shape)}</span>`
            : html`<span class="cell">${unitLabel(unit, shape)}</span>`,
        )}
      </div>
      ${index !== null ? html`<span class="name">${t('cells.block', { name: blockName(index) })}</span>` : nothing}
      ${mark === 'restored' ? html`<span class="back">↩ ${t('mark.putBack')}</span>` : nothing}
    </div>`;
  }

  #segment(size: number, index: number, parts: number, mark: Mark) {
    return html`<span class="segment ${mark}" style="flex-grow:${size}" title=${parts <= 26 ? blockName(index) : ''}
      >${mark === 'restored' ? '↩ ' : ''}${size}</span
    >`;
  }

  /** A tree as an outline, the removed subtrees marked (fading out, or restored). */
  #tree(
    value: Json,
    label: string,
    removed?: { level: number; lo: number; hi: number },
    mark: Mark = 'gone',
  ) {
    const { rows, hidden } = outlineOf(value, MAX_TREE_ROWS, removed);
    return html`<div class="tree" role="img" aria-label=${label}>
      ${rows.map(
        (
          row,
        ) => html`<div class="node ${row.removed ? mark : ''}" style="padding-left:${row.depth * 1.4}em">
          ${row.key !== null ? html`<span class="key">${row.key}:</span>` : nothing}<span>${row.text}</span>
        </div>`,
      )}
      ${hidden > 0 ? html`<div class="muted">… ${t('units.node', { count: hidden })}</div>` : nothing}
    </div>`;
  }
}

/** The most characters of an output a projector's one line shows. */
const SHORT_OUTPUT = 14;

/** An output's text on one line: its head and its length when it is longer than that. */
function shortOutput(text: string): string {
  const chars = [...text];
  if (chars.length <= SHORT_OUTPUT) return text;
  const head = chars.slice(0, SHORT_OUTPUT - 2).join('');
  return `${head}… (${t('units.character', { count: chars.length })})`;
}

/** Inputs with more units than this are drawn as proportional bars, not one cell per unit. */
function maxCells(shape: Shape): number {
  return KINDS[shape.kind].text && shape.split === 'chars' ? 96 : 48;
}

function classes(shape: Shape, long: boolean): string {
  if (long) return 'bar';
  if (!KINDS[shape.kind].text) return 'blocks';
  return shape.split === 'lines' ? 'blocks lines' : 'blocks text';
}

declare global {
  interface HTMLElementTagNameMap {
    'dl-cells': DlCells;
  }
}
