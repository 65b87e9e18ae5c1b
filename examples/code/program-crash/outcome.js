// The input is a program, and the failure is its compiler's: compiling it with the language's
// own parser raises "Identifier 'total' has already been declared". The program is only
// compiled, never run. Any other compile error is a broken program, not this failure.
export function outcome(source) {
  try {
    new Function(source);
  } catch (error) {
    return error instanceof SyntaxError && /already been declared/.test(error.message)
      ? 'FAIL'
      : 'INVALID';
  }
  return 'PASS';
}
