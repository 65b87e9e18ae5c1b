// Fails while the input still holds both 1 and 5, as in the four-block lesson; and, like a test
// that shares a counter between runs (a connection pool, a cache, a port number), it also fails
// on every fifth run, whatever the input: a failure that comes and goes.
let runs = 0;
export function outcome(a) {
  runs += 1;
  if (a.length === 0) return 'INVALID';
  if (a.includes(1) && a.includes(5)) return 'FAIL';
  return runs % 5 === 0 ? 'FAIL' : 'PASS';
}
