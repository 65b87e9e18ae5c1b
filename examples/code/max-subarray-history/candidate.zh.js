// 非空连续子数组的最大和（Kadane 算法）。
// `current` 是以刚读到的元素结尾的子数组的最大和。
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
