/**
 * The Python side of a Python sandbox: one module, run once when the runtime starts, that loads
 * the user's module from its source, calls its functions on inputs given as JSON text and answers
 * with JSON text (an integer or a float that JSON can hold comes back as a plain number, the
 * common case, without any text). It never lets an exception out: a call's exception becomes an
 * error with its type, message and the line of the user's file it was raised at.
 */
export const HELPER = `
import json, math, random, traceback, types

# The helper's own JSON functions, so that code that patches the json module cannot forge answers.
_dumps, _loads = json.dumps, json.loads

_MAX = 2 ** 53
_state = {"ns": None, "file": None, "fn": None, "valid": None}

def _where(error, file):
    """The innermost frame of the user's file a traceback passes through: (line, column)."""
    if isinstance(error, SyntaxError) and error.filename == file and error.lineno:
        return error.lineno, max(1, error.offset or 1)
    found = None
    for frame in traceback.extract_tb(error.__traceback__):
        if frame.filename == file and frame.lineno:
            found = (frame.lineno, (frame.colno or 0) + 1)
    return found

def _error(error, file):
    message = error.msg if isinstance(error, SyntaxError) and error.msg else str(error)
    info = {"name": type(error).__name__, "message": message}
    place = _where(error, file)
    if place:
        info["line"], info["column"] = place
    return info

def _out(value, depth=0):
    """A Python value as Delta Lab's outputs are written (JSON, with tags for what JSON lacks)."""
    if value is None or type(value) is bool:
        return value
    if isinstance(value, str):
        return str(value)
    if isinstance(value, int):
        value = int(value)
        return value if -_MAX < value < _MAX else {"$": "bigint", "v": str(value)}
    if isinstance(value, float):
        value = float(value)
        if math.isfinite(value) and not (value == 0 and math.copysign(1.0, value) < 0):
            return value
        text = "-0" if value == 0 else "NaN" if value != value else "Infinity" if value > 0 else "-Infinity"
        return {"$": "number", "v": text}
    if depth >= 64:
        return {"$": "deep"}
    if isinstance(value, (list, tuple)):
        return [_out(item, depth + 1) for item in value]
    if isinstance(value, dict):
        if all(isinstance(key, str) for key in value):
            items = sorted(((str(key), item) for key, item in value.items()), key=lambda pair: pair[0])
            return {_key(key): _out(item, depth + 1) for key, item in items}
        # Keys that JSON cannot hold (1 and "1" would read alike): the pairs, in a tag.
        pairs = [[_out(key, depth + 3), _out(item, depth + 3)] for key, item in value.items()]
        pairs.sort(key=lambda pair: _dumps(pair[0], sort_keys=True))
        return {"$": "dict", "v": pairs}
    return {"$": "python", "v": type(value).__name__ + ": " + repr(value)[:200]}

def _key(key):
    """A key made of "$" alone gets one more, so that no user key reads as a tag."""
    return key + "$" if key and key.strip("$") == "" else key

def _answer(value):
    if type(value) is int and -_MAX < value < _MAX:
        return value
    if type(value) is float and math.isfinite(value) and value != 0:
        return value
    return _dumps({"value": _out(value)}, allow_nan=False)

def load(source, file):
    """Runs the module's top level; answers the functions it defines, in order, or the error."""
    _state.update(ns=None, file=file, fn=None, valid=None)
    ns = {"__name__": "__deltalab__", "__builtins__": __builtins__}
    random.seed(0)
    try:
        exec(compile(source, file, "exec"), ns)
    except BaseException as error:
        return _dumps({"error": _error(error, file)})
    _state["ns"] = ns
    names = [name for name, value in ns.items()
             if isinstance(value, types.FunctionType) and value.__module__ == "__deltalab__"]
    return _dumps({"functions": names})

def check(source, file):
    """Compiles without running anything: the syntax error, or null."""
    try:
        compile(source, file, "exec")
    except BaseException as error:
        return _dumps(_error(error, file))
    return "null"

def select(entry, spread=False):
    ns = _state["ns"]
    fn = ns[entry]
    valid = ns.get("valid")
    valid = valid if callable(valid) and entry != "valid" else None
    if spread:
        # Each input is a call's arguments: the functions get them one by one.
        _state["fn"] = lambda a: fn(*a)
        _state["valid"] = (lambda a: valid(*a)) if valid is not None else None
    else:
        _state["fn"] = fn
        _state["valid"] = valid

def call(text, seed):
    """Calls the entry on the input given as JSON text, with random seeded by seed."""
    return _run(_loads(text), text, seed)

def call_batch(texts, seeds):
    """call() on each input of a batch (a JSON list): a JSON list of the answers."""
    answers = []
    for item, seed in zip(_loads(texts), _loads(seeds)):
        answer = _run(item, None, seed)
        answers.append(answer if type(answer) is str else '{"value":' + _dumps(answer) + "}")
    return "[" + ",".join(answers) + "]"

def _run(a, text, seed):
    fn, valid, file = _state["fn"], _state["valid"], _state["file"]
    if fn is None:
        return _dumps({"error": {"name": "Error", "message": "no code loaded"}})
    random.seed(seed)
    try:
        # valid gets a copy of its own: the entry's input is the one it may change.
        if valid is not None and not valid(_loads(text if text is not None else _dumps(a))):
            return '{"invalid":true}'
        return _answer(fn(a))
    except BaseException as error:
        try:
            return _dumps({"error": _error(error, file)})
        except BaseException:
            return _dumps({"error": {"name": type(error).__name__, "message": "(no message)"}})
`;
