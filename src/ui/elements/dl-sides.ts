import { css, html, nothing, type PropertyValues } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { KINDS } from '../../core/input/kinds/registry.js';
import { INT_ARRAY, type Json, type Shape } from '../../core/input/kinds.js';
import { toUnits } from '../../core/input/units.js';
import type { MarkedUnits } from '../../core/isolate/marks.js';
import { diffView } from '../../core/isolate/view.js';
import type { Frame } from '../../core/run/timeline.js';
import { t } from '../i18n/i18n.js';
import { spokenInput } from '../model/spoken.js';
import { inputText, sizeText, unitLabel } from '../model/units-view.js';
import { cells } from '../styles/cells.js';
import { cellsPresent } from '../styles/cells-present.js';
import { shared } from '../styles/shared.js';
import { LocalizedElement } from './localized-element.js';
import { scrollIntoBox } from './scroll-into-box.js';

/** Lines are drawn as a diff reads: a changed line out, then the line put in its place. */
const byLine = (shape: Shape) => KINDS[shape.kind].text && shape.split === 'lines';

/** The most units drawn as cells; a longer picture is cut, its size said. */
const MAX_CELLS = 96;

/**
 * An isolation's step drawn: the two sides it stands between, and the units the trial's block
 * brings in (marked) or takes out (struck through); at the end, the passing side turned into the
 * failing one, their difference marked. The trial's outcome and the move it made follow, unless
 * veiled.
 */
@customElement('dl-sides')
export class DlSides extends LocalizedElement {
  static override styles = [
    shared,
    cells,
    cellsPresent,
    css`
      .sides {
        display: flex;
        flex-wrap: wrap;
        gap: 0.2rem 1.4rem;
        margin-bottom: 0.5rem;
        color: var(--muted);
      }
      .cell.added {
        background: var(--trial);
        outline: 2px solid var(--accent);
        outline-offset: -2px;
        font-weight: 700;
      }
      .cell.removed {
        text-decoration: line-through;
        text-decoration-thickness: 3px;
        opacity: 0.45;
        border-style: dashed;
      }
    `,
  ];

  /** The frame to draw (an isolation's trial or end). */
  @property({ attribute: false }) frame: Frame | undefined;
  /** How the frame's inputs are cut into units. */
  @property({ attribute: false }) shape: Shape = INT_ARRAY;
  /** The trial's verdict is not to be shown yet (the class predicts it first). */
  @property({ type: Boolean }) veiled = false;
  /** Presenter mode: projector type, the picture filling the room it is given. */
  @property({ type: Boolean, reflect: true }) presenting = false;

  /** A scroll to the edits tried is waiting for the next animation frame. */
  #scrolling = false;
  /** The end frame's difference, drawn: made again only when the frame or the shape changes. */
  #ending: MarkedUnits | null = null;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!changed.has('frame') && !changed.has('shape')) return;
    const frame = this.frame;
    this.#ending = null;
    if (frame?.type === 'end' && frame.end.pass !== undefined) {
      const [pass, fail] = [frame.end.pass, frame.end.fail ?? []];
      // A bounded diff (see boundedDiff): at once even when the sides differ everywhere.
      this.#ending = diffView(
        toUnits(pass, this.shape),
        toUnits(fail, this.shape),
        byLine(this.shape),
      );
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    // The edits a trial brings in or takes out are scrolled into sight when the frame changes,
    // once the page's update is done (as dl-cells does with the block under trial).
    if (!changed.has('frame') || this.#scrolling) return;
    this.#scrolling = true;
    requestAnimationFrame(() => {
      this.#scrolling = false;
      const box = this.renderRoot.querySelector('.picture');
      const marked = box?.querySelector('.added, .removed');
      if (box && marked) scrollIntoBox(marked, box);
    });
  }

  override render() {
    const frame = this.frame;
    if (frame?.type === 'end' && frame.end.pass !== undefined && this.#ending) {
      return html`${this.#sides(frame.end.pass, frame.end.fail ?? [])}
        ${this.#picture(this.#ending)}`;
    }
    if (frame?.type !== 'trial' || !frame.row.isolation) return nothing;
    const { row } = frame;
    const step = frame.row.isolation;
    return html`${this.#sides(step.pass, row.before)}
      <div class="granularity">${t('cells.granularity', { parts: row.granularity ?? 1 })}</div>
      ${this.#picture(step.view)}
      <div class="result">
        <span class="mono trial">→ ${KINDS[this.shape.kind].text ? spokenInput(row.trial, this.shape) : inputText(row.trial, this.shape, MAX_CELLS)}</span>
        ${
          this.veiled
            ? html`<span class="badge predict">${t('mark.predict')}</span>`
            : html`<span class="badge outcome-${row.outcome}">${row.outcome} · ${
                step.moved ? t(`move.${step.moved}`) : t('move.none')
              }</span>`
        }
        ${frame.cached && !this.veiled ? html`<span class="muted">${t('mark.cached')}</span>` : nothing}
      </div>`;
  }

  /** The two sides, by their sizes. */
  #sides(pass: Json, fail: Json) {
    return html`<div class="sides">
      <span>${t('sides.pass', { size: sizeText(pass, this.shape) })}</span>
      <span>${t('sides.fail', { size: sizeText(fail, this.shape) })}</span>
    </div>`;
  }

  /** Marked units as cells: added ones marked, removed ones struck through. */
  #picture(view: MarkedUnits) {
    const shown = view.units.slice(0, MAX_CELLS);
    const label = t('cells.label', { size: sizeText(view.units, { kind: 'array' }) });
    return html`<div class="picture" role="img" aria-label=${label}>
      <div class="blocks ${byLine(this.shape) ? 'lines' : ''}">
        <div class="block"><div class="cells">
          ${shown.map((unit, i) => html`<span class="cell ${view.marks[i]}">${unitLabel(unit, this.shape)}</span>`)}
        </div></div>
        ${view.units.length > MAX_CELLS ? html`<span class="muted">… ${view.units.length - MAX_CELLS}</span>` : nothing}
      </div>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'dl-sides': DlSides;
  }
}
