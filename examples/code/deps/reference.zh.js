// 安装锁文件里各个包的顺序：每个包排在它所依赖的包之后。
// 访问依赖之前先把包标为已见过，所以循环会结束。
export function reference(lock) {
  const packages = lock?.packages ?? {};
  const order = [];
  const seen = new Set();
  const visit = (name) => {
    if (seen.has(name) || !Object.hasOwn(packages, name)) return;
    seen.add(name);
    for (const dep of packages[name]?.deps ?? []) visit(dep);
    order.push(name);
  };
  for (const name of Object.keys(packages)) visit(name);
  return order;
}
