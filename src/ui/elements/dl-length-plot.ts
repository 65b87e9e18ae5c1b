import { css, html, svg } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { KINDS } from '../../core/input/kinds/registry.js';
import { INT_ARRAY, type Shape } from '../../core/input/kinds.js';
import { sizeOf } from '../../core/input/value.js';
import { type Frame, inputAfter } from '../../core/run/timeline.js';
import { locale, t } from '../i18n/i18n.js';
import { callSize } from '../model/call-view.js';
import { shared } from '../styles/shared.js';
import { LocalizedElement } from './localized-element.js';

const W = 320;
const H = 120;
const PAD = { left: 34, right: 8, top: 8, bottom: 22 };

/** A small step plot of the input's length against the trials, with the step shown marked. */
@customElement('dl-length-plot')
export class DlLengthPlot extends LocalizedElement {
  static override styles = [
    shared,
    css`
      svg {
        width: 100%;
        height: auto;
        display: block;
      }
      .axis {
        stroke: var(--border);
      }
      .line {
        fill: none;
        stroke: var(--accent);
        stroke-width: 2.5;
      }
      .dot {
        fill: var(--accent);
      }
      .now {
        stroke: var(--fail);
        stroke-dasharray: 3 3;
      }
      text {
        fill: var(--muted);
        font-size: 11px;
        font-family: var(--font);
      }
    `,
  ];

  /** Every frame of the timeline. */
  @property({ attribute: false }) frames: readonly Frame[] = [];
  /** How the frames' inputs are cut into units. */
  @property({ attribute: false }) shape: Shape = INT_ARRAY;
  /** Each frame's size, counted once (a long text is not counted again on every render). */
  readonly #sizes = new WeakMap<Frame, number>();
  /** The index of the frame shown. */
  @property({ type: Number }) cursor = 0;
  /** Draw the lengths up to the cursor only ("predict first": the rest is not yet told). */
  @property({ type: Boolean }) told = false;

  #size(frame: Frame): number {
    let size = this.#sizes.get(frame);
    if (size === undefined) {
      const input = inputAfter(frame) ?? [];
      // A call is as long as its arguments' units together (its markers are not units).
      size = KINDS[this.shape.kind].call ? callSize(input, this.shape) : sizeOf(input, this.shape);
      this.#sizes.set(frame, size);
    }
    return size;
  }

  override render() {
    // Point k is the length after trial k (k = 0: the start).
    const points: { trials: number; length: number; index: number }[] = [];
    this.frames.forEach((frame, index) => {
      if (frame.type === 'confirmed') points.push({ trials: 0, length: this.#size(frame), index });
      if (frame.type === 'trial')
        points.push({ trials: frame.trial, length: this.#size(frame), index });
    });
    const trials = points.at(-1)?.trials ?? 0;
    // The x scale needs a width even before the first trial.
    const maxTrials = Math.max(1, trials);
    const maxLength = Math.max(1, ...points.map((p) => p.length));
    const x = (trials: number) => PAD.left + ((W - PAD.left - PAD.right) * trials) / maxTrials;
    const y = (length: number) => PAD.top + (H - PAD.top - PAD.bottom) * (1 - length / maxLength);
    const drawn = this.told ? points.filter((p) => p.index <= this.cursor) : points;
    const path = drawn
      .map((p, i) =>
        i === 0 ? `M${x(p.trials)},${y(p.length)}` : `H${x(p.trials)}V${y(p.length)}`,
      )
      .join('');
    const shown = [...points].reverse().find((p) => p.index <= this.cursor);
    const description = drawn.map((p) => `${p.trials}:${p.length}`).join(', ');
    return html`<div class="panel">
      <h3 id="title">${t('plot.label')}</h3>
      <svg viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="title" aria-description=${description}>
        ${svg`
          <line class="axis" x1=${PAD.left} y1=${H - PAD.bottom} x2=${W - PAD.right} y2=${H - PAD.bottom} />
          <line class="axis" x1=${PAD.left} y1=${PAD.top} x2=${PAD.left} y2=${H - PAD.bottom} />
          <text x=${PAD.left - 6} y=${PAD.top + 8} text-anchor="end">${axisNumber(maxLength)}<title>${maxLength}</title></text>
          <text x=${PAD.left - 6} y=${H - PAD.bottom} text-anchor="end">0</text>
          <text x=${W - PAD.right} y=${H - 6} text-anchor="end">${trials} ${t('plot.trials')}</text>
          <path class="line" d=${path} />
          ${
            shown
              ? svg`<line class="now" x1=${x(shown.trials)} y1=${PAD.top} x2=${x(shown.trials)} y2=${H - PAD.bottom} />
            <circle class="dot" cx=${x(shown.trials)} cy=${y(shown.length)} r="4" />`
              : ''
          }
        `}
      </svg>
    </div>`;
  }
}

/**
 * A length as the axis has room for it (about four digits): past 9,999 in the locale's compact
 * form ("200K", "20万"), so the label is never cut at the plot's edge.
 */
function axisNumber(length: number): string {
  if (length < 10_000) return String(length);
  const tag = locale() === 'zh' ? 'zh-CN' : 'en';
  return new Intl.NumberFormat(tag, { notation: 'compact', maximumFractionDigits: 0 }).format(
    length,
  );
}

declare global {
  interface HTMLElementTagNameMap {
    'dl-length-plot': DlLengthPlot;
  }
}
