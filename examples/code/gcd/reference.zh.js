// 所有元素的最大公约数，用欧几里得的辗转相除（gcd(0, 0) = 0）。
export function reference(a) {
  let g = 0;
  for (const x of a) {
    let p = Math.abs(g);
    let q = Math.abs(x);
    while (q !== 0) [p, q] = [q, p % q];
    g = p;
  }
  return g;
}
