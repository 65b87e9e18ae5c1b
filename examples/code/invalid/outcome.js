// A constraint from the problem statement: inputs must have at least two elements.
// Every valid input fails, so the reducer can only stop at the constraint.
export function outcome(a) {
  return a.length >= 2 ? 'FAIL' : 'INVALID';
}
