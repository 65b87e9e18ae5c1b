// Largest sum of a non-empty contiguous subarray: Kadane's algorithm, with a bug.
// `best` and `current` start at 0, as if the empty subarray were allowed.
export function candidate(a) {
  let best = 0;
  let current = 0;
  for (const x of a) {
    current = Math.max(0, current + x);
    best = Math.max(best, current);
  }
  return best;
}
