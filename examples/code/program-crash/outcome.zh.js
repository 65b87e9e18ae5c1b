// 输入是一段程序，失败来自编译器：用这门语言自己的解析器编译它，会报出
// "Identifier 'total' has already been declared"。程序只编译，从不运行。
// 其他编译错误说明程序坏了，不是这个失败。
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
