// 排序后相邻元素的最大差值，用桶在线性时间内求出。
// 三个缺陷：桶的大小向下取整，可能变成 0（崩溃）；两个数被当作太少、
// 不构成间隔（答错，得到 0）；忘了所有数都相等的情况
// （0 / 0 一个桶也建不出来：另一种崩溃）。
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
