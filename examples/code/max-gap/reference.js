// Largest difference between neighbours in sorted order, by sorting.
export function reference(a) {
  const sorted = [...a].sort((x, y) => x - y);
  let gap = 0;
  for (let i = 1; i < sorted.length; i++) gap = Math.max(gap, sorted[i] - sorted[i - 1]);
  return gap;
}
