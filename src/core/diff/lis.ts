/**
 * The indices of a longest strictly increasing subsequence of `values`, in order (patience
 * sorting: each value goes on the leftmost pile whose top is not smaller; O(n log n)).
 */
export function longestIncreasing(values: readonly number[]): number[] {
  /** The index of the top of each pile; its values increase from pile to pile. */
  const tops: number[] = [];
  /** For each index, the top of the pile to its left when it was placed (-1: none). */
  const before = new Int32Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[i] as number;
    let lo = 0;
    let hi = tops.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((values[tops[mid] as number] as number) < value) lo = mid + 1;
      else hi = mid;
    }
    before[i] = lo > 0 ? (tops[lo - 1] as number) : -1;
    tops[lo] = i;
  }
  const out: number[] = [];
  for (let at = tops.at(-1) ?? -1; at >= 0; at = before[at] as number) out.push(at);
  return out.reverse();
}
