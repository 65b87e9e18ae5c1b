import { describe, expect, it } from 'vitest';
import { FreshRuntimes } from '../../../workers/python/fresh-runtimes.js';
import type { PythonRuntime } from '../../../workers/python/runtime.js';
import { lesson, usePythonSandbox } from './support.js';

/**
 * Each load of a Python sandbox runs its code in a runtime no code has run in
 * (workers/python/fresh-runtimes.ts): one sandbox for the whole file, code that changes the
 * interpreter in every way it can, then code that looks at all of it.
 */
const sandbox = usePythonSandbox();
const { load } = sandbox;

/** Code that changes the interpreter every way a run could, at its top level and on its call. */
const CHANGES = `import atexit, builtins, codecs, decimal, fractions, gc, io, json, locale, os, random
import signal, sys, textwrap, types, warnings

sys.set_int_max_str_digits(641)

def candidate(a):
    builtins.leaked = "builtins"
    json.leaked = "module attribute"
    json.JSONDecoder.leaked = "class attribute"
    json.dumps.__kwdefaults__["indent"] = 4
    textwrap.wrap.__defaults__ = (5,)
    textwrap.dedent.__code__ = (lambda text: "patched").__code__
    fractions.leaked = "imported module"
    sys.modules["leaked_module"] = types.ModuleType("leaked_module")
    sys.path.append("/leaked")
    sys.meta_path.insert(0, type("Finder", (), {"find_spec": staticmethod(lambda *a: None)}))
    sys.setrecursionlimit(123)
    sys.setswitchinterval(0.5)
    sys.setprofile(lambda *a: None)
    sys.settrace(lambda *a: None)
    sys.excepthook = lambda *a: None
    def hook(event, args):
        if event == "deltalab.probe":
            raise RuntimeError("audit hook")
    sys.addaudithook(hook)
    codecs.register(lambda name: codecs.lookup("utf-8") if name == "leaked" else None)
    warnings.simplefilter("error")
    gc.disable()
    gc.set_threshold(1, 1, 1)
    gc.callbacks.append(lambda *a: None)
    atexit.register(lambda: None)
    decimal.getcontext().prec = 5
    random.seed = lambda *a, **k: None
    signal.signal(signal.SIGINT, lambda *a: None)
    try:
        locale.setlocale(locale.LC_ALL, "C")
    except locale.Error:
        pass
    os.environ["LEAKED"] = "environment"
    os.umask(0o77)
    for folder in ("/tmp/leaked", "/leaked", "/lib/leaked"):
        os.makedirs(folder, exist_ok=True)
        with open(folder + "/file.txt", "w") as f:
            f.write("file")
    with open("/home/pyodide/leaked.txt", "w") as f:
        f.write("file")
    os.chdir("/tmp")
    sys.stdout = io.StringIO()
    return sys.get_int_max_str_digits()
`;

/** Code that reports the interpreter's state, for every kind of change above. */
const LOOKS = `import atexit, builtins, codecs, decimal, gc, json, locale, os, random, signal, sys
import textwrap, warnings

def candidate(a):
    import fractions
    def umask():
        mask = os.umask(0o22)
        os.umask(mask)
        return mask
    def audit():
        try:
            sys.audit("deltalab.probe")
            return "quiet"
        except RuntimeError as error:
            return str(error)
    def codec():
        try:
            return codecs.lookup("leaked").name
        except LookupError:
            return "none"
    def big():
        try:
            return len(str(10 ** 700))
        except ValueError as error:
            return str(error)[:40]
    def files():
        return [p for p in ("/tmp/leaked", "/leaked", "/lib/leaked", "/home/pyodide/leaked.txt")
                if os.path.exists(p)]
    seen = {
        "int digits": [sys.get_int_max_str_digits(), big()],
        "builtins": hasattr(builtins, "leaked"),
        "module attribute": hasattr(json, "leaked"),
        "class attribute": hasattr(json.JSONDecoder, "leaked"),
        "kwdefaults": json.dumps([1, 2]),
        "defaults": list(textwrap.wrap.__defaults__),
        "code": textwrap.dedent("  a"),
        "imported module": hasattr(fractions, "leaked"),
        "sys.modules": "leaked_module" in sys.modules,
        "sys.path": "/leaked" in sys.path,
        "meta_path": [type(f).__name__ for f in sys.meta_path],
        "recursion limit": sys.getrecursionlimit(),
        "switch interval": sys.getswitchinterval(),
        "profile": sys.getprofile() is None,
        "trace": sys.gettrace() is None,
        "excepthook": sys.excepthook is sys.__excepthook__,
        "audit hook": audit(),
        "codec": codec(),
        "warnings": [f[0] for f in warnings.filters][:3],
        "gc": [gc.isenabled(), list(gc.get_threshold()), len(gc.callbacks)],
        "atexit": atexit._ncallbacks(),
        "decimal": decimal.getcontext().prec,
        "random": random.random(),
        "signal": repr(signal.getsignal(signal.SIGINT))[:30],
        "locale": locale.setlocale(locale.LC_ALL),
        "environ": "LEAKED" in os.environ,
        "umask": umask(),
        "files": files(),
        "cwd": os.getcwd(),
        "stdout": sys.stdout is sys.__stdout__,
    }
    return seen
`;

describe('Python sandbox: a runtime of its own for each load', () => {
  it('code sees none of what the code loaded before changed, of any kind', async () => {
    expect(await load(LOOKS, 'candidate')).toMatchObject({ ok: true });
    const fresh = sandbox.api().call([1]);
    expect(fresh).toMatchObject({ ok: true, value: { 'int digits': [4300, 701], files: [] } });
    expect(await load(CHANGES, 'candidate')).toMatchObject({ ok: true });
    expect(sandbox.api().call([1])).toMatchObject({ ok: true, value: 641 });
    expect(await load(LOOKS, 'candidate')).toMatchObject({ ok: true });
    const after = sandbox.api().call([1]);
    expect(after.ok && after.value).toEqual(fresh.ok && fresh.value);
  });

  it('a load that fails after changing the interpreter leaves nothing behind either', async () => {
    const failing = 'import sys\nsys.set_int_max_str_digits(641)\nraise ValueError("top")\n';
    expect(await load(failing, 'candidate')).toMatchObject({
      ok: false,
      error: { name: 'ValueError', line: 3 },
    });
    expect(await load(LOOKS, 'candidate')).toMatchObject({ ok: true });
    expect(sandbox.api().call([1])).toMatchObject({ value: { 'int digits': [4300, 701] } });
  });

  it('compiling code is not swayed by what code before it changed (a 700-digit literal)', async () => {
    expect(await load(CHANGES, 'candidate')).toMatchObject({ ok: true });
    expect(sandbox.api().call([1])).toMatchObject({ ok: true, value: 641 });
    const source = `def candidate(a):\n    return ${'7'.repeat(700)} % 10\n`;
    expect(await sandbox.api().check({ source, language: 'py', role: 'candidate' })).toBeNull();
  });

  it('the helper answers as before whatever the code before patched (json, random.seed)', async () => {
    expect(await load(CHANGES, 'candidate')).toMatchObject({ ok: true });
    sandbox.api().call([1]);
    expect(await load(lesson('reference.py'), 'reference')).toMatchObject({ ok: true });
    expect(sandbox.api().callBatch({ items: [[1, -2, 3], [-7]] }).numbers).toEqual(
      Int8Array.from([3, -7]),
    );
    expect(
      await load('import random\ndef candidate(a):\n    return random.random()\n', 'candidate'),
    ).toMatchObject({ ok: true });
    const first = sandbox.api().call([1]);
    expect(sandbox.api().call([1])).toEqual({ ...first, ms: expect.any(Number) });
  });
});

describe('FreshRuntimes', () => {
  /** Runtimes that only count: each started with the snapshot it was given (or none). */
  function counting() {
    const starts: (Uint8Array | undefined)[] = [];
    const start = async (snapshot?: Uint8Array): Promise<PythonRuntime> => {
      starts.push(snapshot);
      const number = starts.length;
      return {
        runPython: () => undefined,
        globals: { get: () => ({ get: () => () => number }) },
        makeMemorySnapshot: () => Uint8Array.of(number),
      };
    };
    return { starts, runtimes: new FreshRuntimes(start) };
  }

  it('starts a runtime from the first one’s snapshot only once code has run, for each load', async () => {
    const { starts, runtimes } = counting();
    // Pings and checks run no code: the first runtime stays fresh for the first load.
    expect((await runtimes.fresh(false)).call()).toBe(1);
    expect((await runtimes.fresh(false)).call()).toBe(1);
    expect((await runtimes.fresh(true)).call()).toBe(1);
    expect(starts).toEqual([undefined]);
    // Then each load another, from the snapshot the first made before any code ran.
    expect((await runtimes.fresh(false)).call()).toBe(2);
    expect((await runtimes.fresh(true)).call()).toBe(2);
    const [third, fourth] = await Promise.all([runtimes.fresh(true), runtimes.fresh(true)]);
    expect([third.call(), fourth.call()]).toEqual([3, 4]);
    expect(starts).toEqual([undefined, Uint8Array.of(1), Uint8Array.of(1), Uint8Array.of(1)]);
  });
});
