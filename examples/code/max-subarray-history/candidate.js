// Largest sum of a non-empty contiguous subarray (Kadane's algorithm).
// `current` is the best sum of a subarray ending at the element just read.
export function candidate(a) {
  if (a.length === 0) throw new RangeError('no subarray of an empty array');
  let best = a[0];
  let current = 0;
  for (const x of a) {
    current = Math.max(0, current + x);
    if (current > best) best = current;
  }
  return best;
}
