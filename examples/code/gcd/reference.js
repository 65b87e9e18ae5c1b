// Greatest common divisor of all elements, by Euclid's remainders (gcd(0, 0) = 0).
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
