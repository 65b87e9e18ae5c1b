// Kadane's algorithm started from the first element, so at least one element is taken.
export function candidate(a) {
  let current = a[0];
  let best = a[0];
  for (const x of a.slice(1)) {
    current = Math.max(x, current + x);
    best = Math.max(best, current);
  }
  return best;
}
