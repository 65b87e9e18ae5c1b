// 输入不是数据，而是一段程序：removeHtmlMarkup 的源代码。像 Debugging Book 对
// remove_html_markup 的测试那样，编译它，再检查 '"foo"' 是否原样返回（它没有标签）。
// 像书里缩减语法树时那样，先检查函数还会去掉标签：否则一个什么也不返回的函数
// 也会让引号测试“失败”。
export function outcome(source) {
  let removeHtmlMarkup;
  try {
    removeHtmlMarkup = new Function(`${source}\nreturn removeHtmlMarkup;`)();
  } catch {
    // 编译不了，或者不再定义这个函数：测试没法运行。
    return 'INVALID';
  }
  if (typeof removeHtmlMarkup !== 'function') return 'INVALID';
  try {
    // 丢了功能是另一个 bug，不是要追的那个。
    if (removeHtmlMarkup('<foo>bar</foo>') !== 'bar') return 'INVALID';
    return removeHtmlMarkup('"foo"') === '"foo"' ? 'PASS' : 'FAIL';
  } catch {
    // 能编译但运行时抛出异常（比如它用到的变量被删了）：也不是要追的失败。
    return 'INVALID';
  }
}
