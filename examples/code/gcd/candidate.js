// Greatest common divisor of all elements, by repeated subtraction.
// Bug: subtracting 0 changes nothing, so a 0 next to a positive number loops forever.
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
