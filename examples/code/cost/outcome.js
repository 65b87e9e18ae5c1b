// Fails while the input still holds both 1 and 9: the first element and the last, with only
// 0s between them. Two causes the reducer must keep, however long the filling grows.
export function outcome(a) {
  if (a.length === 0) return 'INVALID';
  return a.includes(1) && a.includes(9) ? 'FAIL' : 'PASS';
}
