// The order to install a lock file's packages in: each package after the packages it depends
// on. A package is marked done only after its dependencies are visited, so two packages that
// depend on each other send the visit round and round, until the depth guard gives up.
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
