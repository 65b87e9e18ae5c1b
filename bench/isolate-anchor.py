"""The Debugging Book's own `dd`, with a cache that counts distinct executions: the anchor for
Delta Lab's isolation (src/core/isolate/dd.ts).

Runs `DeltaDebugger.dd` from the book's exported code, unchanged, on cases a driver
(bench/isolate.ts) describes, and asks that driver for every outcome, so both sides judge with
the same predicates. Only the cache-and-count wrapper (`test`) is written here; the algorithm is
imported.

Usage: python3 bench/isolate-anchor.py BOOK_CODE_DIR
  BOOK_CODE_DIR: the book's `code/` folder (in github:uds-se/debuggingbook, docs/code), e.g.
      git --git-dir=REPO archive HEAD docs/code | tar -x -C /tmp/book   ->  /tmp/book/docs/code
  Third-party modules the book's utilities import (IPython, nbformat, graphviz, ...) but `dd`
  does not use are stubbed when they are not installed.

Protocol, one JSON object per line. stdin: {"case": NAME, "n": N, "mode": "-"|"+"|"+-"} (with
"order": "index", a diagnostic: the book's blocks cut from the units in index order instead of
its sets' hash order), then answers {"outcome": "PASS"|"FAIL"|"UNRESOLVED"} to each question.
stdout: a question {"config": [indices]} per distinct configuration, then {"done": {"pass",
"fail", "executions", "calls"}} or {"error": MESSAGE}. End of stdin ends the script.
"""

import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import types


class _Anything:
    """Whatever a stubbed module is asked for: callable, subscriptable, usable as a base."""

    def __init__(self, *args, **kwargs):
        pass

    def __call__(self, *args, **kwargs):
        return _Anything()

    def __getattr__(self, name):
        return _Anything()

    def __mro_entries__(self, bases):
        return (object,)


class _StubModule(types.ModuleType):
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _Anything()


class _StubMissing(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Stands in for third-party modules that are not installed (tried after every real finder)."""

    def find_spec(self, name, path, target=None):
        if name.split(".")[0] == "debuggingbook":
            return None
        return importlib.machinery.ModuleSpec(name, self, is_package=True)

    def create_module(self, spec):
        return _StubModule(spec.name)

    def exec_module(self, module):
        module.__path__ = []


def load_book(code_dir):
    """Imports the book's `DeltaDebugger` from its `code/` folder, as package `debuggingbook`."""
    if not os.path.isfile(os.path.join(code_dir, "DeltaDebugger.py")):
        sys.exit(f"isolate-anchor.py: {code_dir} holds no DeltaDebugger.py"
                 " (give the book's code/ folder)")
    sys.meta_path.append(_StubMissing())
    spec = importlib.util.spec_from_file_location(
        "debuggingbook", f"{code_dir}/__init__.py", submodule_search_locations=[code_dir])
    package = importlib.util.module_from_spec(spec)
    sys.modules["debuggingbook"] = package
    spec.loader.exec_module(package)
    return importlib.import_module("debuggingbook.DeltaDebugger")


class Units:
    """The units 0..n-1 as the book's `from_set` builds inputs from them: `empty()` makes an
    empty one and `add_to()` adds with `+`, here in place (a tuple would copy: quadratic at 10^5
    units)."""

    def __init__(self, items=()):
        self.items = list(items)

    def __add__(self, other):
        self.items.extend(other.items)
        return self

    def __len__(self):
        return len(self.items)

    def __iter__(self):
        return iter(self.items)


def ask(config):
    print(json.dumps({"config": config}), flush=True)
    return json.loads(sys.stdin.readline())["outcome"]


def main():
    book = load_book(sys.argv[1])
    outcomes = {"PASS": book.PASS, "FAIL": book.FAIL, "UNRESOLVED": book.UNRESOLVED}

    class CountingDebugger(book.DeltaDebugger):
        """The book's dd with a cache keyed by configuration, counting distinct executions."""

        def init(self):
            super().init()
            self.outcomes = {}
            self.calls = 0

        def test(self, args):
            self.calls += 1
            config = tuple(args["inp"].items)
            if config not in self.outcomes:
                self.outcomes[config] = outcomes[ask(list(config))]
            return self.outcomes[config]

    as_is = book.split

    def in_index_order(elems, n):
        """The book's `split` over the units in index order (its sets iterate in hash order)."""
        return [set(part) for part in as_is(sorted(elems), n)]

    for line in sys.stdin:
        if not line.strip():
            continue
        case = json.loads(line)
        debugger = CountingDebugger()
        book.split = in_index_order if case.get("order") == "index" else as_is
        try:
            passing, failing, _ = debugger.dd("inp", {"inp": Units(range(case["n"]))},
                                              mode=case["mode"])
            done = {"pass": list(passing.items), "fail": list(failing.items),
                    "executions": len(debugger.outcomes), "calls": debugger.calls}
            print(json.dumps({"done": done}), flush=True)
        except (book.NotFailingError, book.NotPassingError) as error:
            print(json.dumps({"error": f"{type(error).__name__}: {error}"}), flush=True)


if __name__ == "__main__":
    main()
