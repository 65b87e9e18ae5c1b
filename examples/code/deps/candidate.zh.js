// 安装锁文件里各个包的顺序：每个包排在它所依赖的包之后。一个包要等它的依赖
// 都访问完才标为完成，所以两个互相依赖的包会让访问来回兜圈子，
// 直到深度保护放弃为止。
export function candidate(lock) {
  const packages = lock?.packages ?? {};
  const order = [];
  const done = new Set();
  const visit = (name, depth) => {
    if (depth > 100) throw new RangeError('dependency chain deeper than 100 packages');
    if (done.has(name) || !Object.hasOwn(packages, name)) return;
    for (const dep of packages[name]?.deps ?? []) visit(dep, depth + 1);
    done.add(name);
    order.push(name);
  };
  for (const name of Object.keys(packages)) visit(name, 0);
  return order;
}
