// 所有元素的最大公约数，用反复相减来求。
// 缺陷：减去 0 什么也不改变，所以 0 挨着一个正数时会永远循环下去。
export function candidate(a) {
  let g = a[0];
  for (const x of a.slice(1)) {
    let p = g;
    let q = x;
    while (p !== q) {
      if (p > q) p -= q;
      else q -= p;
    }
    g = p;
  }
  return g;
}
