// 一个故意不单调的失败：只有这三个输入失败。
const failing = ['1,2,3,4', '3,4', '1'];

export function outcome(a) {
  if (a.length === 0) return 'INVALID';
  return failing.includes(a.join(',')) ? 'FAIL' : 'PASS';
}
