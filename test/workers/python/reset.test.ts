import { describe, expect, it } from 'vitest';
import { lesson, usePythonSandbox } from './support.js';

/**
 * The Python sandbox keeps its runtime from one load to the next and puts the interpreter back
 * as it was before the first load (workers/python/reset.ts): one runtime for the whole file.
 */
const sandbox = usePythonSandbox();
const { load } = sandbox;

describe('Python sandbox: one runtime, a fresh state for each load', () => {
  /** Code that changes the interpreter every way a run could, on its first call. */
  const CHANGES = `import builtins, json, os, sys, warnings, fractions

def candidate(a):
    builtins.leaked = "builtins"
    json.leaked = "module attribute"
    json.dumps = lambda *args, **kwargs: "patched"
    json.JSONDecoder.leaked = "class attribute"
    sys.path.append("/leaked")
    warnings.simplefilter("error")
    fractions.leaked = "imported module"
    os.environ["LEAKED"] = "environment"
    os.makedirs("/tmp/leaked", exist_ok=True)
    with open("/tmp/leaked/file.txt", "w") as f:
        f.write("file")
    with open("/home/pyodide/leaked.txt", "w") as f:
        f.write("file")
    os.chdir("/tmp")
    sys.setrecursionlimit(123)
    return 1
`;
  /** Code that reports whatever of those changes it can see. */
  const LOOKS = `import builtins, json, os, sys, warnings

def candidate(a):
    import fractions
    seen = []
    if hasattr(builtins, "leaked"): seen.append("builtins")
    if hasattr(json, "leaked"): seen.append("json")
    if json.dumps([1]) != "[1]": seen.append("json.dumps")
    if hasattr(json.JSONDecoder, "leaked"): seen.append("class")
    if "/leaked" in sys.path: seen.append("sys.path")
    if any(f[0] == "error" for f in warnings.filters): seen.append("warnings")
    if hasattr(fractions, "leaked"): seen.append("fractions")
    if "LEAKED" in os.environ: seen.append("environ")
    if os.path.exists("/tmp/leaked"): seen.append("/tmp")
    if os.path.exists("/home/pyodide/leaked.txt"): seen.append("home")
    if os.getcwd() == "/tmp": seen.append("cwd")
    if sys.getrecursionlimit() == 123: seen.append("recursion limit")
    return seen
`;

  it('sees nothing of what the code loaded before changed, in modules, classes, files or env', () => {
    expect(load(LOOKS, 'candidate')).toMatchObject({ ok: true });
    expect(sandbox.api().call([1])).toMatchObject({ ok: true, value: [] });
    expect(load(CHANGES, 'candidate')).toMatchObject({ ok: true });
    expect(sandbox.api().call([1])).toMatchObject({ ok: true, value: 1 });
    // The same code sees its own changes within a load (the state is reset between loads only).
    expect(load(LOOKS, 'candidate')).toMatchObject({ ok: true });
    expect(sandbox.api().call([1])).toMatchObject({ ok: true, value: [] });
    // And the helper itself still answers as before (json.dumps was patched by the other code).
    expect(sandbox.api().call([2])).toMatchObject({ ok: true, value: [] });
    expect(load(lesson('reference.py'), 'reference')).toMatchObject({ ok: true });
    expect(sandbox.api().callBatch({ items: [[1, -2, 3], [-7]] }).numbers).toEqual(
      Int8Array.from([3, -7]),
    );
  });
});
