/**
 * One run of a diff between two sequences: `count` items both have (`same`), that only the first
 * has (`removed`) or only the second (`added`). A diff is its runs in order: read left to right
 * they walk both sequences from start to end.
 */
export interface DiffRun {
  kind: 'same' | 'removed' | 'added';
  count: number;
}

/**
 * Runs collected in order, neighbours of a kind merged, and a change's removals always before
 * its insertions (`removed` then `added` between two `same` runs, as a diff reads: the old lines
 * out, then the new ones in).
 */
export class RunList {
  readonly runs: DiffRun[] = [];

  /** Appends `count` items of `kind` (none: nothing). */
  push(kind: DiffRun['kind'], count: number): void {
    if (count <= 0) return;
    const last = this.runs.at(-1);
    if (kind === 'removed' && last?.kind === 'added') {
      // Removals go before the insertions of the same change.
      this.runs.pop();
      this.push('removed', count);
      this.runs.push(last);
      return;
    }
    if (last?.kind === kind) last.count += count;
    else this.runs.push({ kind, count });
  }
}
