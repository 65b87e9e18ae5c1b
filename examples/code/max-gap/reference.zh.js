// 排序后相邻元素的最大差值，先排序再求。
export function reference(a) {
  const sorted = [...a].sort((x, y) => x - y);
  let gap = 0;
  for (let i = 1; i < sorted.length; i++) gap = Math.max(gap, sorted[i] - sorted[i - 1]);
  return gap;
}
