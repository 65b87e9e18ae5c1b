// 从第一个元素开始的 Kadane 算法，这样至少取一个元素。
export function candidate(a) {
  let current = a[0];
  let best = a[0];
  for (const x of a.slice(1)) {
    current = Math.max(x, current + x);
    best = Math.max(best, current);
  }
  return best;
}
