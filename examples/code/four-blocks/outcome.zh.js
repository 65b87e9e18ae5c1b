// 只要输入里还同时有 1 和 5 就失败：这个失败需要两个相隔很远的元素，
// 任何一半单独都保不住它，缩减器必须切成四个块。
export function outcome(a) {
  if (a.length === 0) return 'INVALID';
  return a.includes(1) && a.includes(5) ? 'FAIL' : 'PASS';
}
