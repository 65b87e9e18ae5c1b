import { RUNTIMES, type Runtime } from '../../src/core/code/runtimes/registry.js';
import {
  type Containment,
  containment,
  firstWarning,
  UNCONTAINED_PYTHON_ENV,
} from './containment.js';
import { SANDBOX_CHILDREN } from './sandbox-children.js';

/**
 * What runs where nothing but Node's permission model contains a sandbox process (not Linux, no
 * namespaces allowed, or `DELTALAB_CONTAINMENT=none`), never silently: JavaScript runs, behind
 * its compartment, after one warning line on stderr (once a command); code of a runtime that
 * gets out of it (Python's reaches the process's JavaScript through Pyodide's own objects: see
 * `SandboxChild.uncontained`) is refused (thrown, a one-line error) unless
 * `DELTALAB_UNCONTAINED_PYTHON=1` says the user trusts it, and then warned of too.
 */
export function admitUncontained(
  runtime: Runtime,
  how: Containment,
  env: NodeJS.ProcessEnv = process.env,
): void {
  const way = SANDBOX_CHILDREN[runtime].uncontained;
  if (way !== undefined && env[UNCONTAINED_PYTHON_ENV] !== '1') {
    const title = RUNTIMES[runtime].title;
    throw new Error(
      `${way}, and nothing contains that process here (${how.reason}): set ${UNCONTAINED_PYTHON_ENV}=1 to run ${title} code you trust anyway`,
    );
  }
  if (!firstWarning()) return;
  const orphans = how.tools.setpriv ? '' : ', and outlive deltalab';
  process.stderr.write(
    `deltalab: warning: nothing but Node's permission model contains the sandbox processes here (${how.reason}): code that gets out of its compartment can use the network and signal your other processes${orphans}\n`,
  );
}

/**
 * Checks, before a run starts any sandbox, that sandboxes of `runtime` may run here (see
 * {@link admitUncontained}); throws a one-line error if not, or if `DELTALAB_CONTAINMENT` names
 * what is not there.
 */
export function admitSandboxes(runtime: Runtime): void {
  const how = containment();
  if (how.mechanism === 'none') admitUncontained(runtime, how);
}
