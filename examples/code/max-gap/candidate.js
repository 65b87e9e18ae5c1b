// Largest difference between neighbours in sorted order, in linear time with buckets.
// Three bugs: the bucket size is rounded down and can become 0 (a crash), two numbers are
// taken for too few to have a gap (a wrong answer, 0), and equal numbers are forgotten
// (0 / 0 makes no bucket at all: another crash).
export function candidate(a) {
  const min = Math.min(...a);
  const max = Math.max(...a);
  if (a.length < 3) return 0;
  const size = Math.floor((max - min) / (a.length - 1));
  const count = Math.floor((max - min) / size) + 1;
  const buckets = Array.from({ length: count }, () => null);
  for (const x of a) {
    const i = Math.floor((x - min) / size);
    const bucket = buckets[i] ?? { low: x, high: x };
    bucket.low = Math.min(bucket.low, x);
    bucket.high = Math.max(bucket.high, x);
    buckets[i] = bucket;
  }
  let gap = 0;
  let previous = buckets[0].high;
  for (const bucket of buckets) {
    if (bucket === null) continue;
    gap = Math.max(gap, bucket.low - previous);
    previous = bucket.high;
  }
  return gap;
}
