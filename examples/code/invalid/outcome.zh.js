// 题目给出的约束：输入至少要有两个元素。
// 每个合法的输入都失败，所以缩减器只能停在这个约束上。
export function outcome(a) {
  return a.length >= 2 ? 'FAIL' : 'INVALID';
}
