/**
 * The Python side of keeping a sandbox's runtime across runs: once the runtime has started, before
 * any user code runs, the interpreter's state is noted (every module and what it holds, the
 * classes they define, the lists, dicts and sets at their top level, the environment, the working
 * folder, the recursion limit and the files in the writable folders); before each later load, once
 * user code has run, it is put back. So a
 * module imported, a module attribute or a class patched, a built-in added, a file written or the
 * environment changed by one run is not there for the next, and the runtime need not start again
 * (seconds) to give each run a fresh state. Defined after the helper, in the same namespace.
 */
export const RESET = `
import os, sys

_WRITABLE = ("/tmp", "/home/pyodide")
# The state noted before the first load, in a dict that the snapshot leaves out (as it leaves out
# the helper's own state), so that putting things back does not forget it.
_kept = {}

def _mutable_class(value, module):
    # Heap types defined in the module whose attributes can be set (not built-in, not immutable).
    return (isinstance(value, type) and getattr(value, "__module__", None) == module
            and value.__flags__ & (1 << 9) and not value.__flags__ & (1 << 8))

def _files():
    found = set()
    for top in _WRITABLE:
        for folder, dirs, names in os.walk(top):
            found.add(folder)
            found.update(os.path.join(folder, name) for name in names)
    return found

def _print(value):
    """What a container holds, by identity: equal while nothing was put in, taken out or swapped."""
    if type(value) is list:
        return tuple(map(id, value))
    if type(value) is set:
        return frozenset(map(id, value))
    return tuple(value), tuple(map(id, value.values()))

def _snapshot():
    spaces, holders, classes, seen = [], [], [], {id(_kept), id(_state)}
    for name, module in list(sys.modules.items()):
        space = getattr(module, "__dict__", None)
        if type(space) is not dict or id(space) in seen:
            continue
        seen.add(id(space))
        spaces.append((space, dict(space), _print(space)))
        for value in list(space.values()):
            if id(value) in seen:
                continue
            if type(value) in (list, dict, set):
                seen.add(id(value))
                holders.append((value, value.copy(), _print(value)))
            elif _mutable_class(value, name):
                seen.add(id(value))
                classes.append((value, dict(vars(value)), _print(vars(value))))
    return dict(spaces=spaces, holders=holders, classes=classes, environ=dict(os.environ),
                cwd=os.getcwd(), limit=sys.getrecursionlimit(), files=_files())

def _put_back(base, dropped):
    # Most of what was noted is as it was: a comparison of identities, at C speed, says so.
    for space, entries, mark in base["spaces"]:
        if _print(space) == mark:
            continue
        for key in [key for key in space if key not in entries]:
            dropped.append(space.pop(key))
        for key, value in entries.items():
            if space.get(key, _put_back) is not value:
                space[key] = value
    for value, kept, mark in base["holders"]:
        if _print(value) != mark:
            dropped.append(value.copy())
            value.clear()
            if type(value) is list:
                value.extend(kept)
            else:
                value.update(kept)
    for cls, kept, mark in base["classes"]:
        if _print(vars(cls)) == mark:
            continue
        for key in [key for key in vars(cls) if key not in kept]:
            try:
                delattr(cls, key)
            except (AttributeError, TypeError):
                pass
        for key, value in kept.items():
            if vars(cls).get(key, _put_back) is not value:
                try:
                    setattr(cls, key, value)
                except (AttributeError, TypeError):
                    pass

def _reset():
    """Puts the interpreter back as it was before the first load (see the module's comment).

    Called once when the runtime has started, to note its state; then before each load, where
    it does nothing until user code has run (a runtime's first load costs nothing more)."""
    base = _kept.get("base")
    if base is None:
        _kept["base"] = _snapshot()
        return
    if not _kept.pop("used", False):
        return
    for _ in range(2):
        # What is dropped is let go only after everything is back, so that no finaliser runs
        # midway; one that changes something then is undone by the second pass.
        dropped = []
        _put_back(base, dropped)
        del dropped
    if dict(os.environ) != base["environ"]:
        os.environ.clear()
        os.environ.update(base["environ"])
    os.chdir(base["cwd"])
    sys.setrecursionlimit(base["limit"])
    for path in sorted(_files() - base["files"], reverse=True):
        try:
            os.rmdir(path) if os.path.isdir(path) else os.remove(path)
        except OSError:
            pass
`;
