// 非空连续子数组的最大和：Kadane 算法，带一个缺陷。
// `best` 和 `current` 从 0 开始，就好像允许空子数组一样。
export function candidate(a) {
  let best = 0;
  let current = 0;
  for (const x of a) {
    current = Math.max(0, current + x);
    best = Math.max(best, current);
  }
  return best;
}
