import { css, html, nothing, svg } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { type GrowthPoint, halfSquare } from '../../core/reduce/worst-case.js';
import type { MessageKey } from '../i18n/en.js';
import { t } from '../i18n/i18n.js';
import { shared } from '../styles/shared.js';
import { LocalizedElement } from './localized-element.js';

const W = 480;
const H = 250;
const PAD = { left: 46, right: 58, top: 10, bottom: 40 };
/** The y axis runs from 1 to 10⁵ calls, a decade per tick. */
const DECADES = 5;

/** One measured line: which field of a point, its legend, its CSS class. */
type Series = { key: 'worst' | 'allNeeded' | 'singleCause'; label: MessageKey };

const SERIES: readonly Series[] = [
  { key: 'worst', label: 'regress.growth.worst' },
  { key: 'allNeeded', label: 'regress.growth.allNeeded' },
  { key: 'singleCause', label: 'regress.growth.single' },
];

/**
 * Calls of the article's reducer against input length, log-log: the measured worst case on the
 * n²/2 line (slope 2), an input that needs every element (slope 1) and a single cause (nearly
 * flat). Plain SVG, one polyline per predicate, the last value written at each line's end.
 */
@customElement('dl-growth-plot')
export class DlGrowthPlot extends LocalizedElement {
  static override styles = [
    shared,
    css`
      figure {
        margin: 0.8rem 0 0.4rem;
      }
      h4 {
        margin: 0 0 0.3rem;
      }
      svg {
        width: 100%;
        max-width: 40rem;
        height: auto;
        display: block;
      }
      .grid {
        stroke: var(--border);
        stroke-width: 1;
      }
      text {
        fill: var(--text);
        font-size: 12px;
        font-family: var(--font);
      }
      text.tick {
        fill: var(--muted);
        font-size: 11px;
      }
      /* Above the series' fill (for their dots and end labels): the lines are never filled. */
      path.line,
      line.line {
        fill: none;
        stroke-width: 2.5;
      }
      .reference {
        fill: none;
        stroke: var(--muted);
        stroke-width: 7;
        stroke-opacity: 0.35;
      }
      .worst {
        stroke: var(--fail);
        fill: var(--fail);
      }
      .allNeeded {
        stroke: var(--accent);
        fill: var(--accent);
      }
      .singleCause {
        stroke: var(--pass);
        fill: var(--pass);
      }
      figcaption {
        max-width: 40rem;
      }
    `,
  ];

  /** The measured calls, one point per length, shortest first. */
  @property({ attribute: false }) points: readonly GrowthPoint[] = [];
  /** How long the measuring took in the worker, in milliseconds. */
  @property({ type: Number }) ms = 0;

  override render() {
    const points = this.points;
    const last = points.at(-1);
    const first = points[0];
    if (!first || !last) return nothing;
    const octaves = Math.max(1, Math.log2(last.length / first.length));
    const x = (n: number) =>
      PAD.left + ((W - PAD.left - PAD.right) * Math.log2(n / first.length)) / octaves;
    const y = (calls: number) =>
      PAD.top + (H - PAD.top - PAD.bottom) * (1 - Math.log10(Math.max(1, calls)) / DECADES);
    const path = (value: (p: GrowthPoint) => number) =>
      points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.length)},${y(value(p))}`).join('');
    const values = {
      n: last.length,
      worst: n(last.worst),
      half: n(halfSquare(last.length)),
      all: n(last.allNeeded),
      single: n(last.singleCause),
    };
    const bottom = H - PAD.bottom;
    return html`<figure>
      <h4>${t('regress.growth.heading')}</h4>
      <svg viewBox="0 0 ${W} ${H}" role="img" aria-label=${t('regress.growth.label', values)}>
        ${Array.from({ length: DECADES + 1 }, (_, d) => {
          const at = y(10 ** d);
          return svg`<line class="grid" x1=${PAD.left} y1=${at} x2=${W - PAD.right} y2=${at} />
            <text class="tick" x=${PAD.left - 5} y=${at + 4} text-anchor="end">${d < 3 ? 10 ** d : `${10 ** (d - 3)}k`}</text>`;
        })}
        ${points.map(
          (
            p,
          ) => svg`<line class="grid" x1=${x(p.length)} y1=${PAD.top} x2=${x(p.length)} y2=${bottom} />
            <text class="tick" x=${x(p.length)} y=${bottom + 14} text-anchor="middle">${p.length}</text>`,
        )}
        <text x=${(PAD.left + W - PAD.right) / 2} y=${H - 6} text-anchor="middle">${t('regress.growth.x')}</text>
        <text x="12" y=${(PAD.top + bottom) / 2} text-anchor="middle"
          transform="rotate(-90 12 ${(PAD.top + bottom) / 2})">${t('regress.growth.y')}</text>
        <path class="reference" d=${path((p) => halfSquare(p.length))} />
        ${SERIES.map(
          ({ key, label }) => svg`<path class="line ${key}" d=${path((p) => p[key])} />
            ${points.map((p) => svg`<circle class=${key} cx=${x(p.length)} cy=${y(p[key])} r="3"><title>${t(label)}: n = ${p.length}, ${n(p[key])}</title></circle>`)}
            <text class=${key} x=${x(last.length) + 6} y=${y(last[key]) + 4}>${n(last[key])}</text>`,
        )}
        ${this.#legend()}
      </svg>
      <figcaption class="muted">${t('regress.growth.caption', { ms: this.ms < 1 ? '< 1' : Math.round(this.ms) })}</figcaption>
    </figure>`;
  }

  /** The legend, top left, where the lines are not (they rise to the right). */
  #legend() {
    const rows: { cls: string; label: string }[] = [
      ...SERIES.map(({ key, label }) => ({ cls: `line ${key}`, label: t(label) })),
      { cls: 'reference', label: t('regress.growth.reference') },
    ];
    const [left, top] = [PAD.left + 10, PAD.top + 12];
    return rows.map(
      (
        { cls, label },
        i,
      ) => svg`<line class=${cls} x1=${left} y1=${top + i * 17 - 4} x2=${left + 22} y2=${top + i * 17 - 4} />
        <text x=${left + 28} y=${top + i * 17}>${label}</text>`,
    );
  }
}

function n(x: number): string {
  return x.toLocaleString('en-US');
}

declare global {
  interface HTMLElementTagNameMap {
    'dl-growth-plot': DlGrowthPlot;
  }
}
