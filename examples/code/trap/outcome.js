// A deliberately non-monotonic failure: only these three inputs fail.
const failing = ['1,2,3,4', '3,4', '1'];

export function outcome(a) {
  if (a.length === 0) return 'INVALID';
  return failing.includes(a.join(',')) ? 'FAIL' : 'PASS';
}
