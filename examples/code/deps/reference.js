// The order to install a lock file's packages in: each package after the packages it depends
// on. A package is marked as seen before its dependencies are visited, so a cycle ends.
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
