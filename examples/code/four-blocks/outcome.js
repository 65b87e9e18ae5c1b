// Fails while the input still holds both 1 and 5: a failure that needs two elements far apart,
// so that neither half alone keeps it and the reducer must split into four blocks.
export function outcome(a) {
  if (a.length === 0) return 'INVALID';
  return a.includes(1) && a.includes(5) ? 'FAIL' : 'PASS';
}
