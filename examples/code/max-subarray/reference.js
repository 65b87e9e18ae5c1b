// Largest sum of a non-empty contiguous subarray, by brute force over every interval.
// Slow (O(n³)) on purpose: simple, independent of the candidate, easy to check.
export function reference(a) {
  let best = null;
  for (let i = 0; i < a.length; i++) {
    for (let j = i + 1; j <= a.length; j++) {
      let sum = 0;
      for (let k = i; k < j; k++) sum += a[k];
      if (best === null || sum > best) best = sum;
    }
  }
  return best;
}
