// 只要输入里还同时有 1 和 5 就失败，和“四个块”那一课一样；此外，它像一个在多次运行之间
// 共用计数器的测试（连接池、缓存、端口号），不管输入是什么，每到第五次运行也会失败：
// 一个时有时无的失败。
let runs = 0;
export function outcome(a) {
  runs += 1;
  if (a.length === 0) return 'INVALID';
  if (a.includes(1) && a.includes(5)) return 'FAIL';
  return runs % 5 === 0 ? 'FAIL' : 'PASS';
}
