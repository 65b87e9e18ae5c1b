import type { Span } from '../../input/edit.js';

/**
 * A program under reduction: the code points of its start text, and which of them are still
 * kept. Every syntax move deletes, so the current text is always the start with code points left
 * out, and a node of the start's tree keeps its span (in the start's code points) for good: its
 * text now is what is kept of that span. A move names spans of the start; the trial it makes
 * names the same code points as spans of the current text, as a `cut` edit does.
 */
export class Program {
  /** The start text's code points. */
  readonly units: readonly string[];
  readonly #kept: Uint8Array;
  /** How many code points are kept before each position (rebuilt after each change). */
  #before: Int32Array;

  constructor(text: string) {
    this.units = Array.from(text);
    this.#kept = new Uint8Array(this.units.length).fill(1);
    this.#before = this.#count();
  }

  /** The current text. */
  text(): string {
    return this.#join(null);
  }

  /** How many code points of `[lo, hi)` of the start are kept. */
  alive(lo: number, hi: number): number {
    return (this.#before[hi] as number) - (this.#before[lo] as number);
  }

  /** Whether code point `at` of the start is kept. */
  kept(at: number): boolean {
    return this.#kept[at] === 1;
  }

  /**
   * The trial that leaves out the kept code points of `ranges` (spans of the start, in any order,
   * overlapping or not): its text, and the same code points as spans of the current text. Null
   * when the ranges hold no kept code point (the move would change nothing).
   */
  cut(ranges: readonly Span[]): { input: string; spans: Span[] } | null {
    const merged = mergeSpans(ranges);
    const spans: Span[] = [];
    for (const [lo, hi] of merged) {
      const from = this.#before[lo] as number;
      const to = this.#before[hi] as number;
      if (to === from) continue;
      const last = spans.at(-1);
      if (last && last[1] === from) last[1] = to;
      else spans.push([from, to]);
    }
    return spans.length === 0 ? null : { input: this.#join(merged), spans };
  }

  /** Leaves out the code points of `ranges` (the move was accepted). */
  accept(ranges: readonly Span[]): void {
    for (const [lo, hi] of ranges) this.#kept.fill(0, lo, hi);
    this.#before = this.#count();
  }

  #count(): Int32Array {
    const before = new Int32Array(this.units.length + 1);
    for (let i = 0; i < this.units.length; i++) {
      before[i + 1] = (before[i] as number) + (this.#kept[i] as number);
    }
    return before;
  }

  /** The kept code points, less those in `merged` (in order and apart), as text. */
  #join(merged: readonly Span[] | null): string {
    const out: string[] = [];
    let at = 0;
    const take = (to: number) => {
      for (let i = at; i < to; i++) if (this.#kept[i] === 1) out.push(this.units[i] as string);
    };
    for (const [lo, hi] of merged ?? []) {
      take(lo);
      at = hi;
    }
    take(this.units.length);
    return out.join('');
  }
}

/** Spans sorted and joined where they overlap or touch. */
export function mergeSpans(ranges: readonly Span[]): Span[] {
  const sorted = ranges.filter(([lo, hi]) => hi > lo).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: Span[] = [];
  for (const [lo, hi] of sorted) {
    const last = out.at(-1);
    if (last && lo <= last[1]) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}
